import { Link } from 'react-router';
import { Alert, Button, Page, PageHeader } from '@mason/ui-kit';
import { StyledText } from '../shared/plain-text';
import { StyledActions, StyledStack } from '../shared/section-styles';

export interface SupabaseRedirectScreenProps {
  /** Where the person's projects are (a project's Settings attach a database). */
  projectsPath: string;
  integrationsPath: string;
}

/**
 * /integrations/supabase/redirect: where Supabase's account connect would send people back to.
 * This server connects Supabase projects one at a time (a project's Settings → Database), not
 * whole accounts, and says so, with the way that works.
 */
export function SupabaseRedirectScreen({
  projectsPath,
  integrationsPath,
}: SupabaseRedirectScreenProps) {
  return (
    <Page width="narrow">
      <PageHeader
        title="Supabase"
        description="Attach a Supabase project to one of your projects to keep its app’s data there."
      />
      <StyledStack>
        <Alert tone="info" title="No Supabase account was connected">
          This server does not connect whole Supabase accounts. Nothing was changed.
        </Alert>
        <StyledText>
          Open a project, then Settings → Database → Attach a database service, and paste the
          Supabase project’s URL, anon key and database password (Supabase shows them under Project
          Settings). Mason checks them before it keeps them, encrypted.
        </StyledText>
        <StyledActions>
          <Button as={Link} to={projectsPath}>
            Go to your projects
          </Button>
          <Button as={Link} to={integrationsPath} variant="outline">
            Back to integrations
          </Button>
        </StyledActions>
      </StyledStack>
    </Page>
  );
}
