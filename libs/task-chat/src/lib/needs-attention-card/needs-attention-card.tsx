import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import type { PauseReason, TaskActionKind, TaskLogAction, TaskLogOf } from '@mason/contract';
import {
  AlertTriangleIcon,
  Badge,
  Button,
  CheckCircleIcon,
  ExternalLinkIcon,
  Inline,
  SparklesIcon,
  TextField,
} from '@mason/ui-kit';
import { useChatContext } from '../chat-context/chat-context';
import { McpCall } from './mcp-call';
import { useProjectSettingsOpener } from './project-settings-opener';
import { useTaskChatPaths } from '../task-chat-paths/task-chat-paths';
import { useResumeTask, useTaskAction } from '../task-commands/shared-mutations';

/** What each reason asks of the person, in their words. */
const REASONS: Readonly<Record<PauseReason, { title: string; hint?: string }>> = {
  MANUAL: {
    title: 'Paused',
    hint: 'You paused this task. Resume it, or send a message to steer it.',
  },
  ENV_VARIABLE: {
    title: 'The app needs a secret',
    hint: 'Values are stored encrypted in the project’s environment variables and never shown in the chat.',
  },
  APPROVAL_THRESHOLD: {
    title: 'Keep going?',
    hint: 'The assistant has done a lot of work in this turn and stopped to check with you.',
  },
  OPEN_ROUTER_INVALID_KEY: {
    title: 'OpenRouter refused the API key',
    hint: 'If your turns run on your own OpenRouter account, connect it again in Integrations; otherwise check the key this server is configured with (OPENROUTER_API_KEY). Then retry: the task goes on from where it stopped.',
  },
  OPEN_ROUTER_NO_CREDITS: {
    title: 'OpenRouter is out of credits',
    hint: 'Add credits to the OpenRouter account, then retry: the task goes on from where it stopped.',
  },
  NO_CREDITS: {
    title: 'Your plan’s AI budget is used up',
    hint: 'Upgrade or buy credits, or wait until the limit resets, then retry: the task goes on from where it stopped.',
  },
  FAILED_DEPLOYMENT: {
    title: 'The published build failed',
    hint: 'The app’s address keeps serving the version that was live before. The assistant can read the build errors and fix them; publish again once it has.',
  },
  USER_COMMIT: {
    title: 'Your commit needs a look',
    hint: 'Continue brings the commits in first. If Mason and GitHub changed the same file, choose which to keep in the project’s code hosting settings; nothing is lost.',
  },
  MCP_SERVER_CONNECTION_ISSUES: {
    title: 'An MCP server cannot be reached',
    hint: 'Check the server’s address and sign-in in MCP settings, then retry: the turn goes on from where it stopped.',
  },
  MCP_SERVER_USAGE_APPROVAL: {
    title: 'The assistant asks to use a tool',
    hint: 'The tool runs on the MCP server with these arguments; its answer goes back to the assistant as text. Answering always or never also changes the tool’s setting in MCP servers.',
  },
};

/** A resolved entry's answer, in words (the entry's own label when it names another). */
const ANSWERS: Partial<Record<TaskActionKind, string>> = {
  APPROVE: 'Approved: the tool ran once.',
  APPROVE_ALWAYS: 'Always allowed: this tool now runs without asking.',
  REJECT: 'Denied: the tool did not run.',
  REJECT_ALWAYS: 'Never allowed: the assistant is no longer offered this tool.',
  RETRY: 'Retried.',
  CONTINUE: 'Continued.',
};

/** Where top-ups are made on OpenRouter. */
const OPEN_ROUTER_CREDITS_URL = 'https://openrouter.ai/settings/credits';

/**
 * Reasons answered by resuming the task when the entry names no actions, and the button's words.
 * A failed publish resumes into a repair turn: the server hands it the build errors.
 */
const RESUMES: Partial<Record<PauseReason, string>> = {
  MANUAL: 'Resume',
  FAILED_DEPLOYMENT: 'Fix with AI',
};

/** The answers a reason offers when the entry names none. */
function defaultActions(reason: PauseReason): TaskLogAction[] {
  switch (reason) {
    case 'APPROVAL_THRESHOLD':
      return [
        { action: 'CONTINUE', label: 'Continue', fields: [] },
        { action: 'REJECT', label: 'Stop', fields: [] },
      ];
    case 'USER_COMMIT':
      return [{ action: 'CONTINUE', label: 'Continue', fields: [] }];
    case 'OPEN_ROUTER_INVALID_KEY':
    case 'OPEN_ROUTER_NO_CREDITS':
    case 'NO_CREDITS':
    case 'MCP_SERVER_CONNECTION_ISSUES':
      return [{ action: 'RETRY', label: 'Retry', fields: [] }];
    case 'MCP_SERVER_USAGE_APPROVAL':
      return [
        { action: 'APPROVE', label: 'Approve', fields: [] },
        { action: 'APPROVE_ALWAYS', label: 'Always allow', fields: [] },
        { action: 'REJECT', label: 'Deny', fields: [] },
        { action: 'REJECT_ALWAYS', label: 'Never allow', fields: [] },
      ];
    default:
      return [];
  }
}

const StyledCard = styled.section<{ $resolved: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid
    ${({ theme, $resolved }) => ($resolved ? theme.colors.border : theme.colors.warningText)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $resolved }) => ($resolved ? theme.colors.card : theme.colors.warningSubtle)};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledHeader = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};

  > svg {
    flex-shrink: 0;
  }
`;

const StyledTitle = styled.h3`
  flex: 1;
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledText = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const StyledHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledIcon = styled.span<{ $resolved: boolean }>`
  display: inline-flex;
  color: ${({ theme, $resolved }) => ($resolved ? theme.colors.successText : theme.colors.warningText)};
`;

interface ValuesFormProps {
  action: TaskLogAction;
  busy: boolean;
  onSubmit: (values: Record<string, string>) => Promise<boolean>;
}

/** One input per value asked for (secrets hidden), and the submit. */
function ValuesForm({ action, busy, onSubmit }: ValuesFormProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      action.fields
        .filter((field) => !(values[field.name] ?? '').trim())
        .map((field) => [field.name, `Enter the ${field.label}.`]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const sent = await onSubmit(
      Object.fromEntries(action.fields.map((field) => [field.name, values[field.name] ?? ''])),
    );
    // The values leave the page's memory once the server has them.
    if (sent) setValues({});
  };

  return (
    <StyledForm noValidate onSubmit={(event) => void submit(event)} aria-label={action.label}>
      {action.fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          hint={field.name !== field.label ? field.name : undefined}
          type={field.secret ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          value={values[field.name] ?? ''}
          error={errors[field.name]}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [field.name]: value }));
          }}
        />
      ))}
      <Inline gap={2}>
        <Button type="submit" size="sm" loading={busy} loadingText="Sending…">
          {action.label}
        </Button>
      </Inline>
    </StyledForm>
  );
}

/** What a resolved entry was answered, in words. */
function answeredWords(log: TaskLogOf<'NEEDS_ATTENTION'>): string {
  const { answer, actions } = log.payload;
  const provided = actions.flatMap((candidate) => candidate.fields.map((field) => field.label));
  if (answer === 'PROVIDE_VALUES' || (!answer && provided.length > 0))
    return provided.length > 0 ? `Provided: ${provided.join(', ')}.` : 'Provided.';
  if (!answer) return 'This was answered.';
  const label = actions.find((candidate) => candidate.action === answer)?.label;
  return ANSWERS[answer] ?? (label ? `Answered: ${label}.` : 'This was answered.');
}

export interface NeedsAttentionCardProps {
  log: TaskLogOf<'NEEDS_ATTENTION'>;
}

/**
 * What the assistant needs from the person (a secret, an approval, a fix of the AI provider's
 * account) and the answers that resolve it. Once resolved it shows what was answered.
 */
export function NeedsAttentionCard({ log }: NeedsAttentionCardProps) {
  const { taskId } = useChatContext();
  const paths = useTaskChatPaths();
  const location = useLocation();
  const titleId = useId();
  const [runAction, action] = useTaskAction(taskId);
  const [resume, resuming] = useResumeTask(taskId);
  const openSettings = useProjectSettingsOpener();
  const { reason, resolved, mcpCall, mcpServerName } = log.payload;
  const copy = REASONS[reason];
  const title =
    reason === 'MCP_SERVER_CONNECTION_ISSUES' && mcpServerName
      ? `The MCP server ${mcpServerName} cannot be reached`
      : copy.title;
  const actions = log.payload.actions.length > 0 ? log.payload.actions : defaultActions(reason);
  const busy = action.isLoading || resuming.isLoading;

  const answer = async (chosen: TaskLogAction, values?: Record<string, string>) => {
    try {
      await runAction({
        taskId,
        logId: log.id,
        params: { action: chosen.action, ...(values ? { values } : {}) },
      }).unwrap();
      return true;
    } catch {
      return false; // the error is toasted by the api listener
    }
  };

  // Commits made outside Mason: the way to the code-hosting settings, where a conflict is
  // resolved (only inside a workspace, whose bar has the Settings).
  const codeHosting = reason === 'USER_COMMIT' && openSettings && (
    <Button size="sm" variant="secondary" aria-haspopup="dialog" onClick={openSettings}>
      Open code hosting
    </Button>
  );

  // Where to fix what stopped the turn: the MCP settings, the OpenRouter account.
  const fixLink =
    reason === 'MCP_SERVER_CONNECTION_ISSUES' ? (
      <Button as={Link} size="sm" variant="outline" to={paths.mcpServers}>
        MCP settings
      </Button>
    ) : reason === 'OPEN_ROUTER_INVALID_KEY' ? (
      <Button as={Link} size="sm" variant="outline" to={paths.integrations}>
        Reconnect OpenRouter
      </Button>
    ) : reason === 'OPEN_ROUTER_NO_CREDITS' ? (
      <Button
        as="a"
        size="sm"
        variant="outline"
        href={OPEN_ROUTER_CREDITS_URL}
        target="_blank"
        rel="noopener noreferrer"
        trailingIcon={<ExternalLinkIcon size={14} />}
      >
        Top up at OpenRouter
      </Button>
    ) : null;

  return (
    <StyledCard $resolved={resolved} aria-labelledby={titleId}>
      <StyledHeader>
        <StyledIcon $resolved={resolved} aria-hidden="true">
          {resolved ? <CheckCircleIcon size={16} /> : <AlertTriangleIcon size={16} />}
        </StyledIcon>
        <StyledTitle id={titleId}>{title}</StyledTitle>
        {resolved && <Badge variant="success">Answered</Badge>}
      </StyledHeader>
      {log.content && <StyledText>{log.content}</StyledText>}
      {reason === 'MCP_SERVER_USAGE_APPROVAL' && mcpCall && <McpCall call={mcpCall} />}
      {resolved ? (
        <>
          <StyledHint>{answeredWords(log)}</StyledHint>
          {codeHosting && <Inline gap={2}>{codeHosting}</Inline>}
        </>
      ) : (
        <>
          {copy.hint && <StyledHint>{copy.hint}</StyledHint>}
          {actions
            .filter((candidate) => candidate.fields.length > 0)
            .map((candidate) => (
              <ValuesForm
                key={candidate.action}
                action={candidate}
                busy={busy}
                onSubmit={(values) => answer(candidate, values)}
              />
            ))}
          {(actions.some((candidate) => candidate.fields.length === 0) ||
            RESUMES[reason] ||
            codeHosting ||
            fixLink) && (
            <Inline gap={2}>
              {actions
                .filter((candidate) => candidate.fields.length === 0)
                .map((candidate, index) => (
                  <Button
                    key={candidate.action}
                    size="sm"
                    variant={candidate.action === 'REJECT' || index > 0 ? 'outline' : 'primary'}
                    disabled={busy}
                    loading={busy && action.originalArgs?.params.action === candidate.action}
                    onClick={() => void answer(candidate)}
                  >
                    {candidate.label}
                  </Button>
                ))}
              {RESUMES[reason] && actions.length === 0 && (
                <Button
                  size="sm"
                  leadingIcon={
                    reason === 'FAILED_DEPLOYMENT' ? <SparklesIcon size={14} /> : undefined
                  }
                  disabled={busy}
                  loading={resuming.isLoading}
                  onClick={() => void resume(taskId)}
                >
                  {RESUMES[reason]}
                </Button>
              )}
              {reason === 'NO_CREDITS' && (
                <Button
                  as={Link}
                  size="sm"
                  variant="outline"
                  to={paths.billing(`${location.pathname}${location.search}`)}
                >
                  Upgrade
                </Button>
              )}
              {codeHosting}
              {fixLink}
            </Inline>
          )}
        </>
      )}
    </StyledCard>
  );
}
