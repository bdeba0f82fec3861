import { useEffect } from 'react';
import { Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { isCalendarDay } from '@teamup/contracts/contribution';
import { ErrorAlert } from '../../../components/error-alert';
import { routes } from '../../../config/paths';
import { contributionKo as t } from '../../../i18n/ko/contribution';
import { useAuth } from '../../../lib/auth/use-auth';
import { errorMessage } from '../../../lib/error-message';
import { parseRouteId } from '../../../lib/route-id';
import { useContribution } from '../api/contribution';
import { ContributionTable } from '../components/contribution-table';
import classes from '../components/contribution.module.css';

const dayParam = (value: string | null) => (value && isCalendarDay(value) ? value : null);

/** The team's contribution to print (issue 45): no app frame, the team and range in the title. */
export function ContributionPrintPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const { status } = useAuth();
  const workspaceId = parseRouteId(params.workspaceId);
  const teamId = parseRouteId(params.teamId);
  const range = { from: dayParam(search.get('from')), to: dayParam(search.get('to')) };
  const contribution = useContribution(teamId ?? 0, range);
  const data = teamId !== null && status === 'authenticated' ? contribution.data : undefined;
  const title = data ? t.printTitle(data.teamName, data.from, data.to) : t.title;

  useEffect(() => {
    document.title = `${title} - TeamUp`;
  }, [title]);

  if (status !== 'authenticated') {
    return (
      <Center p="xl">
        <Stack align="center">
          <Text>{t.printLogin}</Text>
          <Anchor component={Link} to={routes.login.href()}>
            {routes.login.path}
          </Anchor>
        </Stack>
      </Center>
    );
  }
  return (
    <div className={classes.print} data-testid="contribution-print-page">
      <Group justify="space-between" mb="md" className={classes.noPrint}>
        {workspaceId !== null && teamId !== null && (
          <Anchor
            component={Link}
            to={routes.team.href(workspaceId, teamId, { tab: 'contribution' })}
          >
            {t.printBack}
          </Anchor>
        )}
        <Button size="xs" onClick={() => window.print()} disabled={!data}>
          {t.printNow}
        </Button>
      </Group>
      <Title order={1} size="h3" mb="md">
        {title}
      </Title>
      {contribution.isPending ? (
        <Center py="xl">
          <Loader size="sm" role="status" aria-label={t.loading} />
        </Center>
      ) : contribution.isError ? (
        <ErrorAlert message={errorMessage(contribution.error, { fallback: t.loadFailed })} />
      ) : (
        <ContributionTable members={contribution.data.members} layout="table" />
      )}
    </div>
  );
}
