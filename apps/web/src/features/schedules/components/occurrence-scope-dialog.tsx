import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { occurrenceScopes, type OccurrenceScope } from '@teamup/contracts/recurrence';
import { ko } from '../../../i18n/ko';
import { calendarKo } from '../../../i18n/ko/calendar';

const t = calendarKo.recurrence.scope;

export interface ScopeRequest {
  action: 'edit' | 'delete';
  onChoose: (scope: OccurrenceScope) => void;
}

interface OccurrenceScopeDialogProps {
  request: ScopeRequest | null;
  onClose: () => void;
  stackId: string;
}

/**
 * Asked before an occurrence of a recurring event is saved or deleted: "이 일정만", "이 일정과
 * 이후 일정" or "모든 일정" (the first is chosen to begin with: the least a slip can change).
 */
export function OccurrenceScopeDialog({ request, onClose, stackId }: OccurrenceScopeDialogProps) {
  return (
    <Modal
      stackId={stackId}
      opened={request !== null}
      onClose={onClose}
      title={request?.action === 'delete' ? t.deleteTitle : t.editTitle}
      centered
      size="sm"
      attributes={{ content: { 'data-testid': 'occurrence-scope-dialog' } }}
    >
      {request && <ScopeChoice request={request} onClose={onClose} />}
    </Modal>
  );
}

function ScopeChoice({ request, onClose }: { request: ScopeRequest; onClose: () => void }) {
  const [scope, setScope] = useState<OccurrenceScope>('THIS');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        request.onChoose(scope);
        onClose();
      }}
    >
      <Stack gap="md">
        <Radio.Group label={t.question} value={scope} onChange={(value) => setScope(value)}>
          <Stack gap="sm" mt="xs">
            {occurrenceScopes.map((option) => (
              <Radio
                key={option}
                value={option}
                label={t[option]}
                data-testid={`occurrence-scope-${option}`}
                data-autofocus={option === 'THIS' ? true : undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {ko.common.cancel}
          </Button>
          <Button
            type="submit"
            color={request.action === 'delete' ? 'red' : undefined}
            data-testid="occurrence-scope-confirm"
          >
            {request.action === 'delete' ? t.confirmDelete : t.confirmEdit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
