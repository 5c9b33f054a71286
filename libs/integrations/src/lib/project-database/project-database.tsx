import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useEnableProjectDatabaseMutation, useGetProjectDatabaseQuery } from '@mason/api-client';
import { Alert, Button, Spinner, VisuallyHidden } from '@mason/ui-kit';
import { StyledText } from '../shared/plain-text';
import { reasonOf } from '../shared/reason-of';
import {
  StyledActions,
  StyledLoading,
  StyledSectionHeading,
  StyledSettingsSection,
  StyledStack,
} from '../shared/section-styles';
import { AttachDatabaseForm } from './attach-database-form';
import { EnabledDatabase, PROVIDER_NAMES } from './enabled-database';

export interface ProjectDatabaseProps {
  projectId: string;
}

const LOADING_LABEL = 'Loading the project’s database';

/** What takes focus once the control that was used is gone. */
type Focus = 'summary' | 'turn-on' | 'attach' | null;

/**
 * The project Settings' database section (issue 34): whether the project has a database
 * (GET /projects/:id/database), and "Turn on the database" while it has none (POST: a
 * development PostgreSQL for the preview, a production one once published, and
 * VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY for the app; the open preview reloads with them by
 * itself). Each state says itself in a sentence; turning it on is announced (a polite live
 * region) and focus moves to what replaced the button.
 */
export function ProjectDatabase({ projectId }: ProjectDatabaseProps) {
  const headingId = useId();
  // Each opening of the Settings asks again: an attached service may have changed it meanwhile.
  const query = useGetProjectDatabaseQuery({ projectId }, { refetchOnMountOrArgChange: true });
  const [enable, enabling] = useEnableProjectDatabaseMutation();
  const [enableError, setEnableError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const [announcement, setAnnouncement] = useState('');
  const turnOnButton = useRef<HTMLButtonElement>(null);
  const attachButton = useRef<HTMLButtonElement>(null);
  const [attaching, setAttaching] = useState(false);

  const database = query.data?.database;
  useEffect(() => {
    if (focus === 'turn-on' && database === null) turnOnButton.current?.focus();
    if (focus === 'attach' && !attaching) attachButton.current?.focus();
  }, [focus, database, attaching]);

  const attachOffer =
    database === undefined || database?.attachment ? null : attaching ? (
      <AttachDatabaseForm
        projectId={projectId}
        onAttached={(attached) => {
          setAttaching(false);
          setFocus('summary');
          setAnnouncement(
            `${PROVIDER_NAMES[attached.provider]} is attached. The open preview reloads to use it.`,
          );
        }}
        onCancel={() => {
          setAttaching(false);
          setFocus('attach');
        }}
      />
    ) : (
      <StyledActions>
        <Button ref={attachButton} variant="outline" onClick={() => setAttaching(true)}>
          Attach a database service
        </Button>
      </StyledActions>
    );

  const turnOn = async () => {
    setEnableError(null);
    try {
      await enable({ projectId }).unwrap();
      setFocus('summary');
      setAnnouncement('The database is on. The open preview reloads to use it.');
    } catch (failure) {
      setEnableError(reasonOf(failure, 'The database could not be turned on. Try again.'));
    }
  };

  // "Try again" stays (busy, focused) while the section asks again, then focus goes to the state
  // that replaced it.
  const retry = async () => {
    setRetrying(true);
    try {
      const answer = await query.refetch().unwrap();
      setFocus(answer.database ? 'summary' : 'turn-on');
    } catch {
      // The alert stays, with the new reason.
    } finally {
      setRetrying(false);
    }
  };

  let body: ReactNode;
  if (!query.data && (query.isError || retrying)) {
    body = (
      <Alert
        tone="error"
        title="This project’s database could not be loaded"
        action={
          <Button
            size="sm"
            variant="outline"
            loading={retrying}
            loadingText="Trying again…"
            onClick={() => void retry()}
          >
            Try again
          </Button>
        }
      >
        {reasonOf(query.error, 'Check your connection, then try again.')}
      </Alert>
    );
  } else if (!query.data) {
    body = (
      <StyledLoading>
        <Spinner label={LOADING_LABEL} />
        <span aria-hidden="true">{LOADING_LABEL}…</span>
      </StyledLoading>
    );
  } else if (database) {
    body = (
      <>
        <EnabledDatabase
          database={database}
          projectId={projectId}
          focusOnMount={focus === 'summary'}
          onDetached={(after) => {
            setFocus(after ? 'summary' : 'turn-on');
            setAnnouncement(
              after
                ? 'The service is detached. The app is back on its built-in database.'
                : 'The service is detached. The app has no database now.',
            );
          }}
        />
        {attachOffer}
      </>
    );
  } else {
    body = (
      <>
        <StyledText>
          A database keeps the app’s data through a reload and lets its users sign in: the preview
          gets a development database, and the app a production one once published.
        </StyledText>
        {enableError && (
          <Alert tone="error" title="The database is still off">
            {enableError}
          </Alert>
        )}
        <StyledActions>
          <Button
            ref={turnOnButton}
            loading={enabling.isLoading}
            loadingText="Turning on…"
            onClick={() => void turnOn()}
          >
            Turn on the database
          </Button>
        </StyledActions>
        {attachOffer}
      </>
    );
  }

  return (
    <StyledSettingsSection aria-labelledby={headingId}>
      <StyledSectionHeading id={headingId}>Database</StyledSectionHeading>
      <StyledStack>{body}</StyledStack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </StyledSettingsSection>
  );
}
