import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Button,
  Card,
  Container,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconLogin2, IconPlus } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import { workspacesKo } from '../../../i18n/ko/workspaces';
import { useDocumentTitle } from '../../../lib/document-title';
import { CreateWorkspaceDialog } from '../components/create-workspace-dialog';
import { JoinWorkspaceDialog } from '../components/join-workspace-dialog';

const t = workspacesKo.empty;

interface ChoiceCardProps {
  icon: ReactNode;
  color: string;
  title: string;
  description: string;
  features: readonly string[];
  action: string;
  onAction: () => void;
  testId: string;
}

function ChoiceCard({
  icon,
  color,
  title,
  description,
  features,
  action,
  onAction,
  testId,
}: ChoiceCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Stack gap="md" h="100%">
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
        <List
          size="sm"
          spacing={6}
          icon={
            <ThemeIcon size={18} radius="xl" variant="light" color={color}>
              <IconCheck size={12} />
            </ThemeIcon>
          }
          style={{ flex: 1 }}
        >
          {features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button color={color} fullWidth onClick={onAction}>
          {action}
        </Button>
      </Stack>
    </Card>
  );
}

/** /empty-workspace (spec 01 section 2): onboarding for a user without a workspace. */
export function EmptyWorkspacePage() {
  useDocumentTitle([ko.documentTitle.gettingStarted, ko.brand]);
  const [dialog, setDialog] = useState<'create' | 'join' | null>(null);
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={0} data-testid="empty-workspace-page">
      <Stack gap="xl">
        <Stack gap={6} ta="center">
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {t.title}
          </Title>
          <Text c="dimmed">{t.subtitle}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ChoiceCard
            icon={<IconPlus size={26} />}
            color="indigo"
            title={t.createTitle}
            description={t.createDescription}
            features={t.createFeatures}
            action={t.createButton}
            onAction={() => setDialog('create')}
            testId="empty-create-card"
          />
          <ChoiceCard
            icon={<IconLogin2 size={26} />}
            color="teal"
            title={t.joinTitle}
            description={t.joinDescription}
            features={t.joinFeatures}
            action={t.joinButton}
            onAction={() => setDialog('join')}
            testId="empty-join-card"
          />
        </SimpleGrid>
        <Text ta="center" size="sm" c="dimmed">
          {t.support}{' '}
          <Anchor href={`mailto:${t.supportEmail}`} size="sm">
            {t.supportEmail}
          </Anchor>
        </Text>
      </Stack>
      <CreateWorkspaceDialog opened={dialog === 'create'} onClose={() => setDialog(null)} />
      <JoinWorkspaceDialog allowId opened={dialog === 'join'} onClose={() => setDialog(null)} />
    </Container>
  );
}
