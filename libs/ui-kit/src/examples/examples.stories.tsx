import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import styled from 'styled-components';
import { expect, userEvent, within } from 'storybook/test';
import { Alert } from '../components/alert/alert';
import { Avatar } from '../components/avatar/avatar';
import { Badge } from '../components/badge/badge';
import { Banner } from '../components/banner/banner';
import { Button } from '../components/button/button';
import { EmptyState } from '../components/empty-state/empty-state';
import { Inline, Stack } from '../components/layout/layout';
import { Logo } from '../components/logo/logo';
import { Menu } from '../components/menu/menu';
import { Panel } from '../components/panel/panel';
import { Tabs } from '../components/tabs/tabs';
import { TextField } from '../components/text-field/text-field';
import { TextLink } from '../components/text-link/text-link';
import { Heading, Text } from '../components/typography/typography';
import { FolderIcon, PlusIcon, SparklesIcon } from '../icons/icons';
import { ThemeModeSwitch } from '../theme/theme-mode-switch';

const Page = styled.div`
  display: flex;
  min-height: 100vh;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[8]};
  padding: ${({ theme }) => theme.space[6]};
`;

const Card = styled.div`
  width: 100%;
  max-width: 400px;
`;

/** How the kit composes on an auth screen (the real screens live in @mason/auth). */
function SignIn() {
  const [error, setError] = useState<string | null>(null);
  return (
    <Page>
      <Logo size="lg" />
      <Card>
        <Panel padding="lg">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setError('Invalid email or password');
            }}
          >
            <Stack gap={5}>
              <Stack gap={1.5}>
                <Heading level={1} size="2xl">
                  Welcome back
                </Heading>
                <Text tone="muted">Sign in to keep building.</Text>
              </Stack>
              {error ? <Alert tone="error" title={error} /> : null}
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
                defaultValue="ada@mason.dev"
              />
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                defaultValue="wrong password"
                labelAction={
                  <TextLink href="#reset" tone="muted">
                    Forgot password?
                  </TextLink>
                }
              />
              <Button type="submit" fullWidth size="lg">
                Sign in
              </Button>
              <Text tone="muted" align="center">
                New to Mason? <TextLink href="#signup">Create an account</TextLink>
              </Text>
            </Stack>
          </form>
        </Panel>
      </Card>
    </Page>
  );
}

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
  height: 56px;
  padding: 0 ${({ theme }) => theme.space[5]};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Main = styled.main`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[5]}`};
`;

/** A dashboard shell: announcement, header with user menu, tabs and an empty state. */
function Dashboard() {
  return (
    <div>
      <Banner
        link={{ href: '#migration', label: 'Read the migration guide' }}
        onDismiss={() => undefined}
      >
        Mason is shutting down at the end of October 2025.
      </Banner>
      <Header>
        <Inline gap={3}>
          <Logo size="sm" />
          <Badge variant="outline">Pro</Badge>
        </Inline>
        <Inline gap={3}>
          <ThemeModeSwitch />
          <Menu
            trigger={<Avatar name="Ada Lovelace" size="sm" />}
            triggerLabel="Account"
            triggerVariant="ghost"
            triggerSize="icon"
            align="end"
            items={[
              { id: 'settings', label: 'Settings' },
              { id: 'billing', label: 'Billing' },
              { type: 'separator', id: 'sep' },
              { id: 'logout', label: 'Log out', destructive: true },
            ]}
          />
        </Inline>
      </Header>
      <Main>
        <Inline justify="between">
          <Stack gap={1}>
            <Heading level={1} size="2xl">
              Projects
            </Heading>
            <Text tone="muted">Everything you are building with Mason.</Text>
          </Stack>
          <Button leadingIcon={<PlusIcon />}>New project</Button>
        </Inline>
        <Tabs
          aria-label="Projects"
          variant="underline"
          items={[
            {
              id: 'all',
              label: 'All projects',
              content: (
                <EmptyState
                  bordered
                  icon={<FolderIcon />}
                  title="No projects yet"
                  description="Describe the app you want in plain words. Mason writes the code and shows it running."
                  action={<Button leadingIcon={<SparklesIcon />}>Start building</Button>}
                  secondaryAction={
                    <Button variant="ghost" as="a" href="#existing">
                      Import a repository
                    </Button>
                  }
                />
              ),
            },
            {
              id: 'archived',
              label: 'Archived',
              content: <Text tone="muted">Nothing archived.</Text>,
            },
          ]}
        />
      </Main>
    </div>
  );
}

const meta = {
  title: 'UI Kit/Examples',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignInScreen: Story = {
  name: 'Sign in',
  render: () => <SignIn />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid email or password');
  },
};

export const DashboardShell: Story = {
  name: 'Dashboard shell',
  render: () => <Dashboard />,
};
