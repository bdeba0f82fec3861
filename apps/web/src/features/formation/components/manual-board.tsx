import { useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { balancedDraw, teamScores } from '@teamup/contracts/formation-draw';
import { notifications } from '@mantine/notifications';
import type { Formation } from '@teamup/contracts/formation';
import { formationKo } from '../../../i18n/ko/formation';
import { errorMessage } from '../../../lib/error-message';
import { useManualFormation } from '../api/formations';

const t = formationKo;
const UNASSIGNED = -1;

function Chip({ index, name }: { index: number; name: string }) {
  const { attributes, listeners, setNodeRef, transform } = useDraggable({ id: `p${index}` });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="xl"
      px="sm"
      py={4}
      style={{
        cursor: 'grab',
        touchAction: 'none',
        transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
      }}
      data-testid="formation-chip"
      {...attributes}
      {...listeners}
    >
      <Text size="sm">{name}</Text>
    </Paper>
  );
}

function Column({
  id,
  title,
  score,
  children,
}: {
  id: number;
  title: string;
  score: number | null;
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `t${id}` });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      mih={120}
      bg={isOver ? 'var(--mantine-color-blue-0)' : undefined}
      data-testid="formation-column"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="sm">
            {title}
          </Text>
          {score !== null && (
            <Badge size="sm" variant="light" color="teal" tt="none">
              {t.score(score)}
            </Badge>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** Manual: drag members between team columns (@dnd-kit; Space and arrows move by keyboard). */
export function ManualBoard({ formation }: { formation: Formation }) {
  const save = useManualFormation();
  const [teams, setTeams] = useState<number[]>(
    () => formation.result ?? formation.participants.map(() => UNASSIGNED),
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );
  const handleDragEnd = (event: DragEndEvent) => {
    const person = Number(String(event.active.id).slice(1));
    const target = event.over ? Number(String(event.over.id).slice(1)) : null;
    if (target === null || Number.isNaN(person)) return;
    setTeams((current) => current.map((team, index) => (index === person ? target : team)));
  };
  const columns = [UNASSIGNED, ...formation.teamNames.map((_, index) => index)];
  const scores = teamScores(formation.participants, teams, formation.teamNames.length);
  const autoBalance = () => {
    const seed = [...crypto.getRandomValues(new Uint32Array(4))].join('-');
    setTeams(balancedDraw(seed, formation.participants, formation.teamNames.length));
  };
  return (
    <Stack gap="sm" data-testid="formation-manual">
      <Text size="sm" c="dimmed">
        {t.manualHint}
      </Text>
      <DndContext sensors={sensors} onDragEnd={handleDragEnd}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(4, columns.length) }} spacing="sm">
          {columns.map((column) => (
            <Column
              key={column}
              id={column}
              title={column === UNASSIGNED ? t.unassigned : (formation.teamNames[column] ?? '')}
              score={
                column === UNASSIGNED || !teams.includes(column) ? null : (scores[column] ?? null)
              }
            >
              {formation.participants.map((person, index) =>
                teams[index] === column ? (
                  <Chip key={person.id} index={index} name={person.name} />
                ) : null,
              )}
            </Column>
          ))}
        </SimpleGrid>
      </DndContext>
      <Text size="xs" c="dimmed" data-testid="formation-score-help">
        {t.scoreHelp}
      </Text>
      <Group>
        {formation.balanced && (
          <Button variant="default" onClick={autoBalance} data-testid="formation-auto-balance">
            {t.autoBalance}
          </Button>
        )}
        <Button
          disabled={teams.includes(UNASSIGNED)}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: formation.id, result: teams },
              {
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    message: errorMessage(error, { fallback: t.actionFailed }),
                  }),
              },
            )
          }
          data-testid="formation-manual-save"
        >
          {t.saveManual}
        </Button>
      </Group>
    </Stack>
  );
}
