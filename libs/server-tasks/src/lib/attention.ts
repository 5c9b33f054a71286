import type { PauseReason, TaskLogAction } from '@mason/contract';

/** The answers a NEEDS_ATTENTION entry offers, by reason. */
export function attentionActions(
  reason: PauseReason,
  envKeys: readonly { key: string; description: string }[] = [],
): TaskLogAction[] {
  switch (reason) {
    case 'ENV_VARIABLE':
      return [
        {
          action: 'PROVIDE_VALUES',
          label: 'Save and continue',
          fields: envKeys.map(({ key, description }) => ({
            name: key,
            label: description || key,
            secret: true,
          })),
        },
        { action: 'REJECT', label: 'Continue without them', fields: [] },
      ];
    case 'APPROVAL_THRESHOLD':
      return [
        { action: 'CONTINUE', label: 'Continue', fields: [] },
        { action: 'REJECT', label: 'Stop here', fields: [] },
      ];
    case 'USER_COMMIT':
      return [{ action: 'CONTINUE', label: 'Continue', fields: [] }];
    case 'MANUAL':
      return [{ action: 'CONTINUE', label: 'Resume', fields: [] }];
    case 'OPEN_ROUTER_INVALID_KEY':
    case 'OPEN_ROUTER_NO_CREDITS':
      // The card leads to reconnecting or topping up at OpenRouter first.
      return [{ action: 'RETRY', label: 'Resume', fields: [] }];
    case 'MCP_SERVER_USAGE_APPROVAL':
      return [
        { action: 'APPROVE', label: 'Approve', fields: [] },
        { action: 'APPROVE_ALWAYS', label: 'Always allow', fields: [] },
        { action: 'REJECT', label: 'Deny', fields: [] },
        { action: 'REJECT_ALWAYS', label: 'Never allow', fields: [] },
      ];
    case 'FAILED_DEPLOYMENT':
      return [
        { action: 'RETRY', label: 'Fix with AI', fields: [] },
        { action: 'REJECT', label: 'Dismiss', fields: [] },
      ];
    default:
      return [{ action: 'RETRY', label: 'Retry', fields: [] }];
  }
}
