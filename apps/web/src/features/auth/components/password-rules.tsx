import { List, Text, ThemeIcon, VisuallyHidden, type PasswordInputProps } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import { passwordRuleChecks } from '../lib/password-policy';

interface PasswordRulesProps {
  password: string;
  title?: string;
}

/**
 * The password policy shown up front under a new-password field, each rule ticked as soon as the
 * typed password meets it, so no one is refused without knowing why. Given to the input as its
 * description (with `passwordRulesDescription`), so the field's aria-describedby names it.
 */
export function PasswordRules({ password, title }: PasswordRulesProps) {
  const checks = passwordRuleChecks(password);
  return (
    <div data-testid="password-rules">
      {title && (
        <Text size="xs" c="dimmed" mb={4}>
          {title}
        </Text>
      )}
      <List
        size="xs"
        spacing={2}
        center
        aria-label={ko.passwordRules.listLabel}
        styles={{ itemWrapper: { alignItems: 'center' } }}
      >
        {checks.map((rule) => (
          <List.Item
            key={rule.key}
            data-rule={rule.key}
            data-met={rule.met}
            // teal.9: 5:1 on white (teal.8 is 3.9:1).
            c={rule.met ? 'teal.9' : 'gray.7'}
            icon={
              <ThemeIcon
                size={16}
                radius="xl"
                variant={rule.met ? 'filled' : 'light'}
                color={rule.met ? 'teal' : 'gray'}
                aria-hidden
              >
                {rule.met ? <IconCheck size={11} /> : <IconCircleDashed size={11} />}
              </ThemeIcon>
            }
          >
            {rule.label}
            <VisuallyHidden>
              {' '}
              ({rule.met ? ko.passwordRules.met : ko.passwordRules.unmet})
            </VisuallyHidden>
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** Input props that show the rules as the field's description, under the input. */
export const passwordRulesDescription: Pick<
  PasswordInputProps,
  'descriptionProps' | 'inputWrapperOrder'
> = {
  descriptionProps: { component: 'div' },
  inputWrapperOrder: ['label', 'input', 'description', 'error'],
};
