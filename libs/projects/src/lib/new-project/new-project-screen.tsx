import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  Button,
  FormField,
  Page,
  PageHeader,
  SparklesIcon,
  TextField,
  Textarea,
  resizeImageFile,
} from '@mason/ui-kit';
import {
  StyledProjectFieldset,
  StyledProjectForm,
  StyledProjectFormActions,
} from '../project-form/project-form-styles';
import { useProjectsPaths } from '../projects-paths/projects-paths';
import { ImageAttachments, type PrepareImage } from './image-attachments';
import { ModelField } from './model-field';
import { useNewProjectForm } from './use-new-project-form';

const StyledDescription = styled(Textarea)`
  min-height: 10rem;
`;

const PLACEHOLDER =
  'A habit tracker: I add habits, tick them off each day, and see my streaks on a weekly chart. Calm colours, works on my phone.';

export interface NewProjectScreenProps {
  /** Prepares a picked image for sending. Default: resized in the browser (resizeImageFile). */
  prepareImage?: PrepareImage;
}

/**
 * /dashboard/projects/new: the person describes the app, may name it, picks a model and attaches
 * images; POST /projects creates the project and its first task, then the workspace opens.
 */
export function NewProjectScreen({ prepareImage = resizeImageFile }: NewProjectScreenProps) {
  const paths = useProjectsPaths();
  const {
    form,
    images,
    model,
    setAside,
    models,
    modelsQuery,
    chooseModel,
    modelError,
    creating,
    submit,
    pasteImages,
  } = useNewProjectForm(prepareImage);
  const formRef = useRef<HTMLFormElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [attempt, setAttempt] = useState(0);

  // After a submit with problems, focus goes to the first field that has one.
  useEffect(() => {
    if (attempt === 0) return;
    if (form.errors.description) descriptionRef.current?.focus();
    else if (form.errors.name) nameRef.current?.focus();
    // Only when a new attempt reports errors, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const sendForm = submit(() => setAttempt((count) => count + 1));

  const onSubmit = (event: FormEvent) => {
    sendForm(event);
    setAttempt((count) => count + 1);
  };

  // Ctrl+Enter or Cmd+Enter in the description creates the project.
  const onDescriptionKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  return (
    <Page width="narrow">
      <PageHeader
        title="New project"
        description="Describe the app in plain words. Mason writes the code, shows it running, and you keep chatting to change it."
        actions={
          <Button as={Link} to={paths.importProject} variant="outline">
            Import a repository
          </Button>
        }
      />
      <StyledProjectForm ref={formRef} aria-label="New project" noValidate onSubmit={onSubmit}>
        <StyledProjectFieldset disabled={creating} aria-busy={creating || undefined}>
          <FormField
            label="Describe the app you want"
            required
            error={form.errors.description}
            hint="What it does, who uses it, the screens it has. Ctrl+Enter creates the project."
          >
            <StyledDescription
              ref={descriptionRef}
              name="description"
              value={form.values.description}
              placeholder={PLACEHOLDER}
              rows={7}
              onChange={(event) => form.setValue('description', event.target.value)}
              onKeyDown={onDescriptionKeyDown}
              onPaste={pasteImages}
            />
          </FormField>
          <TextField
            ref={nameRef}
            label="Project name"
            optional
            autoComplete="off"
            hint="Left empty, Mason names the project from the description."
            {...form.field('name')}
          />
          <ModelField
            value={model}
            setAside={setAside}
            onChange={chooseModel}
            models={models}
            setupHint={modelsQuery.data?.setupHint}
            loading={modelsQuery.isLoading}
            failed={modelsQuery.isError && !modelsQuery.data}
            onRetry={() => void modelsQuery.refetch()}
            error={modelError}
          />
          <ImageAttachments state={images} disabled={creating} />
        </StyledProjectFieldset>
        <StyledProjectFormActions>
          <Button as={Link} to={paths.dashboard} variant="ghost">
            Cancel
          </Button>
          <Button
            type="submit"
            leadingIcon={<SparklesIcon />}
            loading={creating || images.preparing}
            loadingText={creating ? 'Creating project…' : 'Preparing images…'}
          >
            Create project
          </Button>
        </StyledProjectFormActions>
      </StyledProjectForm>
    </Page>
  );
}
