import { useDeployProjectMutation, useGetDeploymentQuery } from '@mason/api-client';
import { Alert, Button } from '@mason/ui-kit';

export interface RepublishNoticeProps {
  projectId: string;
}

/**
 * Shown once a variable changed: when the project's app is published (its newest deployment is
 * LIVE), that app was built with the old values, so it offers to publish again.
 */
export function RepublishNotice({ projectId }: RepublishNoticeProps) {
  const { data } = useGetDeploymentQuery({ projectId });
  const [deploy, { isLoading, isSuccess }] = useDeployProjectMutation();

  if (isSuccess) {
    return (
      <Alert tone="success">
        Publishing again: your app gets the new values once the new build is live.
      </Alert>
    );
  }
  if (data?.deployment?.status !== 'LIVE') return null;
  return (
    <Alert
      tone="warning"
      title="Your published app still uses the old values."
      action={
        <Button
          size="sm"
          loading={isLoading}
          loadingText="Publishing…"
          // A refusal is told by the API's error toast.
          onClick={() => void deploy({ projectId })}
        >
          Publish again
        </Button>
      }
    >
      The preview has them now. Publish again to build the app with them.
    </Alert>
  );
}
