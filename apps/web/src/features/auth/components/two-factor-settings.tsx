import { useState, type FormEvent } from 'react';
import {
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import type { TwoFactorSetup } from '@teamup/contracts/auth';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { errorMessage } from '../../../lib/error-message';
import { saveBlob } from '../../../lib/save-blob';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';

const t = ko.twoFactor;

/** The ten recovery codes, shown once, to copy or save as a file. */
function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  return (
    <Stack gap="sm" data-testid="two-factor-recovery">
      <Text fw={600}>{t.recoveryTitle}</Text>
      <Text size="sm" c="dimmed">
        {t.recoveryHint}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6}>
        {codes.map((code) => (
          <Code key={code} fz="sm" ta="center" py={4} data-testid="two-factor-recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? t.copied : t.copy}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), 'teamup-recovery-codes.txt')
          }
        >
          {t.download}
        </Button>
        <Button onClick={onDone} data-testid="two-factor-recovery-done">
          {t.done}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step two of turning it on: scan the QR code, then confirm with the first code. */
function EnrolPanel({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: (result) => {
        notifications.show({ color: 'teal', message: t.enabled });
        onEnabled(result.recoveryCodes);
      },
    });
  };
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="two-factor-enrol">
      <Stack gap="sm">
        <Text fw={600}>{t.scanTitle}</Text>
        <Box
          component="img"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={t.scanTitle}
          w={180}
          h={180}
          bg="white"
          p={4}
          style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
          data-testid="two-factor-qr"
        />
        <Text size="xs" c="dimmed">
          {t.manualKey}
        </Text>
        <Code fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="two-factor-secret">
          {setup.secret}
        </Code>
        <Text fw={600} mt="xs">
          {t.confirmTitle}
        </Text>
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            placeholder={t.codePlaceholder}
            aria-label={t.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            w={160}
            data-testid="two-factor-enable-code"
          />
          <Button type="submit" loading={enable.isPending} data-testid="two-factor-enable">
            {t.enable}
          </Button>
        </Group>
        <ErrorAlert
          message={enable.isError ? errorMessage(enable.error, { fallback: t.failed }) : null}
        />
      </Stack>
    </form>
  );
}

/** Turning it off: the password or one recovery code. */
function DisablePanel({ hasPassword, onDone }: { hasPassword: boolean; onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(recoveryCode.trim() ? { recoveryCode: recoveryCode.trim() } : { password }, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t.disabled });
        onDone();
      },
    });
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text fw={600}>{t.disableTitle}</Text>
        <Text size="sm" c="dimmed">
          {t.disableHint}
        </Text>
        {hasPassword && (
          <PasswordInput
            label={t.password}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
          />
        )}
        <TextInput
          label={t.recoveryCode}
          placeholder={t.recoveryPlaceholder}
          value={recoveryCode}
          onChange={(event) => setRecoveryCode(event.currentTarget.value)}
        />
        <ErrorAlert
          message={disable.isError ? errorMessage(disable.error, { fallback: t.failed }) : null}
        />
        <Group gap="xs">
          <Button variant="default" onClick={onDone}>
            {ko.common.cancel}
          </Button>
          <Button color="red" type="submit" loading={disable.isPending}>
            {t.disable}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Account settings: two-step verification on or off, with its setup and recovery codes. */
export function TwoFactorSettings({ hasPassword }: { hasPassword: boolean }) {
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);

  if (codes) {
    return (
      <RecoveryCodesPanel
        codes={codes}
        onDone={() => {
          setCodes(null);
          setup.reset();
        }}
      />
    );
  }
  if (status.isPending) return <Loader size="sm" />;
  if (status.isError) return <ErrorAlert message={t.loadFailed} />;
  const { enabled, recoveryCodesLeft } = status.data;

  return (
    <Stack gap="md" data-testid="two-factor-settings">
      <Text size="sm" c="dimmed">
        {t.sectionHint}
      </Text>
      <Group gap="xs">
        <IconShieldCheck size={18} aria-hidden />
        <Badge
          color={enabled ? 'teal' : 'gray'}
          variant="light"
          tt="none"
          data-testid="two-factor-status"
        >
          {enabled ? t.statusOn(recoveryCodesLeft) : t.statusOff}
        </Badge>
      </Group>
      {!enabled && !setup.data && (
        <Group>
          <Button
            onClick={() => setup.mutate()}
            loading={setup.isPending}
            data-testid="two-factor-turn-on"
          >
            {t.turnOn}
          </Button>
        </Group>
      )}
      {!enabled && setup.data && <EnrolPanel setup={setup.data} onEnabled={setCodes} />}
      {enabled && !disabling && (
        <Group>
          <Button variant="light" color="red" onClick={() => setDisabling(true)}>
            {t.turnOff}
          </Button>
        </Group>
      )}
      {enabled && disabling && (
        <DisablePanel hasPassword={hasPassword} onDone={() => setDisabling(false)} />
      )}
      <ErrorAlert
        message={setup.isError ? errorMessage(setup.error, { fallback: t.failed }) : null}
      />
    </Stack>
  );
}
