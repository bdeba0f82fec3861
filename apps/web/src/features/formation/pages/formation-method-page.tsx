import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { routes } from '../../../config/paths';
import { ErrorAlert } from '../../../components/error-alert';
import { formationKo } from '../../../i18n/ko/formation';
import { teamsKo } from '../../../i18n/ko/teams';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLiveEvents } from '../../../lib/live/use-live';
import { parseRouteId } from '../../../lib/route-id';
import { useMyWorkspaces } from '../../../lib/queries/my-workspaces';
import { useWorkspaceMembers } from '../../../lib/queries/workspace-members';
import { useQueryClient } from '@tanstack/react-query';
import { formationsQueryKey, useFormation, useFormations } from '../api/formations';
import { CreateFormationForm } from '../components/create-formation-form';
import { FormationSession } from '../components/formation-session';
import { methodOfSlug, methodSlugs } from '../lib/methods';
import { canModerateWorkspace } from '@teamup/contracts/workspace-roles';

const t = formationKo;

/**
 * /team-formation/{auto-dice|auto-ladder|vote|admin}?ws=&session=: start a session of that
 * method (owner, admin) or follow one live.
 */
export function FormationMethodPage() {
  const { method: slug } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const method = methodOfSlug(slug);
  const workspaceId = parseRouteId(params.get('ws') ?? undefined);
  const sessionId = parseRouteId(params.get('session') ?? undefined);
  const workspace = useMyWorkspaces().data?.find((candidate) => candidate.id === workspaceId);
  useDocumentTitle([formationKo.title, workspace?.name]);
  const members = useWorkspaceMembers(workspaceId ?? undefined);
  const session = useFormation(sessionId);
  const sessions = useFormations(sessionId === null ? workspaceId : null);
  useLiveEvents((event) => {
    if (event.type === 'FORMATION_UPDATED' && event.workspaceId === workspaceId) {
      void queryClient.invalidateQueries({ queryKey: formationsQueryKey });
    }
  });

  if (!method || workspaceId === null) {
    return <ErrorAlert message={teamsKo.badAccess} />;
  }
  const isAdmin = canModerateWorkspace(workspace?.myRole);
  const back = (
    <Anchor component={Link} to={routes.teamFormation.href(workspaceId)} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} />
        {t.back}
      </Group>
    </Anchor>
  );

  if (sessionId !== null) {
    return (
      <Stack maw={960} mx="auto" gap="md">
        {back}
        {session.isPending && (
          <Center py="xl">
            <Loader />
          </Center>
        )}
        {session.isError && (
          <ErrorAlert message={errorMessage(session.error, { fallback: t.loadFailed })} />
        )}
        {session.isSuccess && (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <FormationSession formation={session.data} isAdmin={isAdmin} viewerId={user?.id} />
          </Paper>
        )}
      </Stack>
    );
  }

  const mine = (sessions.data ?? []).filter((item) => item.method === method);
  return (
    <Stack maw={960} mx="auto" gap="md">
      {back}
      <Title order={1} fz="h2">
        {t.methods[method]}
      </Title>
      <Text c="dimmed" size="sm">
        {t.methodHints[method]}
      </Text>
      {isAdmin && members.isSuccess ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <CreateFormationForm
            workspaceId={workspaceId}
            method={method}
            members={members.data}
            onCreated={(id) =>
              void navigate(
                routes.formationMethod.href(methodSlugs[method], { ws: workspaceId, session: id }),
              )
            }
          />
        </Paper>
      ) : (
        !isAdmin && <Text size="sm">{t.adminOnlyHint}</Text>
      )}
      <Stack gap="xs">
        {mine.map((item) => (
          <Paper key={item.id} withBorder radius="md" p="sm">
            <Group justify="space-between">
              <Text size="sm">
                {t.status[item.status]} · {item.participants.length}명 · {item.teamNames.length}팀
              </Text>
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={routes.formationMethod.href(methodSlugs[method], {
                  ws: workspaceId,
                  session: item.id,
                })}
              >
                {t.open}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
