import { useState, type FormEvent } from 'react';
import { Button, Group, Radio, Skeleton, Stack, TagsInput, Text } from '@mantine/core';
import {
  AdminLimits,
  registrationPolicySchema,
  type InstanceSettings,
  type RegistrationPolicy,
} from '@teamup/contracts/admin';
import { adminKo } from '../../../i18n/ko/admin';
import { ApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { useAdminSettings } from '../api/settings';
import { useUpdateAdminSettings } from '../api/update-settings';
import {
  checkPolicyForm,
  normalizeDomains,
  policyErrorsFromProblem,
  type PolicyFormErrors,
} from '../lib/admin-forms';
import { AdminLoadError } from './admin-states';
import { toastDone, toastFailed } from './admin-toast';

const t = adminKo.policy;

/** The domain separators a pasted list may use, besides Enter. */
const domainSplitChars = [',', ' ', ';'];

function PolicyForm({ settings }: { settings: InstanceSettings }) {
  const [registration, setRegistration] = useState<RegistrationPolicy>(settings.registration);
  const [domains, setDomains] = useState<string[]>(settings.allowedDomains);
  const [errors, setErrors] = useState<PolicyFormErrors>({});
  const save = useUpdateAdminSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkPolicyForm(registration, domains);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.value, {
      onSuccess: (saved) => {
        setDomains(saved.allowedDomains);
        toastDone(t.saved);
      },
      onError: (error) => {
        const fieldErrors =
          error instanceof ApiError ? policyErrorsFromProblem(error.fieldErrors) : {};
        if (fieldErrors.registration || fieldErrors.allowedDomains) setErrors(fieldErrors);
        else toastFailed(t.saveFailed)(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="admin-policy-form">
      <Stack gap="md">
        <Radio.Group
          label={t.label}
          description={t.description}
          value={registration}
          onChange={(value) => {
            const next = registrationPolicySchema.safeParse(value);
            if (next.success) setRegistration(next.data);
            setErrors((current) => ({ ...current, registration: undefined }));
          }}
          error={errors.registration}
        >
          <Stack gap="sm" mt="xs">
            {registrationPolicySchema.options.map((policy) => (
              <Radio
                key={policy}
                value={policy}
                label={adminKo.policies[policy]}
                description={adminKo.policyHints[policy]}
                data-testid={`admin-policy-${policy}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <TagsInput
          label={t.domains}
          description={t.domainsHint(AdminLimits.allowedDomainsMax)}
          placeholder={t.domainsPlaceholder}
          value={domains}
          onChange={(values) => {
            setDomains(normalizeDomains(values));
            setErrors((current) => ({ ...current, allowedDomains: undefined }));
          }}
          splitChars={domainSplitChars}
          maxTags={AdminLimits.allowedDomainsMax}
          maxLength={AdminLimits.domainMax}
          required={registration === 'DOMAINS'}
          error={errors.allowedDomains}
          clearable
          data-testid="admin-policy-domains"
        />
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="xs" c="dimmed">
            {settings.updatedAt ? t.updatedAt(formatDateTime(settings.updatedAt)) : null}
          </Text>
          <Button type="submit" loading={save.isPending} data-testid="admin-policy-save">
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 가입 정책: who may create an account, and the domains of the DOMAINS policy. */
export function RegistrationPolicyForm() {
  const settings = useAdminSettings();
  if (settings.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={adminKo.loading}>
        <Skeleton h={24} w={200} />
        <Skeleton h={120} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (settings.isError) {
    return (
      <AdminLoadError
        error={settings.error}
        fallback={t.loadFailed}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <PolicyForm settings={settings.data} />;
}
