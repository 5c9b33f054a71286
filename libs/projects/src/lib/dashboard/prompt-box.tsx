import { useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  FormField,
  ModelPicker,
  SparklesIcon,
  Textarea,
  resizeImageFile,
} from '@mason/ui-kit';
import { ImageAttachments, type PrepareImage } from '../new-project/image-attachments';
import { useNewProjectForm } from '../new-project/use-new-project-form';

/** Ideas a person can start from: a click puts one in the box. */
export const EXAMPLE_PROMPTS = [
  'A habit tracker with a weekly streak chart',
  'A landing page for my bakery with opening hours and a menu',
  'A packing list for a beach trip: towel, sunscreen, hat',
  'A kanban board with To do, Doing and Done',
] as const;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.colors.card};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const StyledHeading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.xl};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledPrompt = styled(Textarea)`
  min-height: 5.5rem;
  resize: vertical;
`;

const StyledFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledExamples = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};

  /* A long example wraps inside a phone's width instead of running off the card. */
  li {
    max-width: 100%;
  }
  /* Two lines of an example keep room inside the border: a line height of their own, and padding. */
  button {
    max-width: 100%;
    height: auto;
    min-height: 2rem;
    padding-block: ${({ theme }) => theme.space[1.5]};
    line-height: ${({ theme }) => theme.typography.lineHeights.snug};
    white-space: normal;
    text-align: left;
  }
`;

export interface PromptBoxProps {
  /** Prepares a picked image for sending. Default: resized in the browser. */
  prepareImage?: PrepareImage;
}

/**
 * The dashboard's first thing: describe an app, attach images, pick a model, Enter to build.
 * POST /projects makes the project and its first task, then the workspace opens. The full form
 * (with a name) stays at /dashboard/projects/new.
 */
export function PromptBox({ prepareImage = resizeImageFile }: PromptBoxProps) {
  const { form, images, model, models, chooseModel, creating, submit, pasteImages } =
    useNewProjectForm(prepareImage);
  const formRef = useRef<HTMLFormElement>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  // The box is the one field: after a problem the person goes on typing in it.
  const onSubmit = submit(() => promptRef.current?.focus());

  // Enter builds; Shift+Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    formRef.current?.requestSubmit();
  };

  return (
    <StyledForm ref={formRef} aria-label="Start a project" noValidate onSubmit={onSubmit}>
      <StyledHeading>What do you want to build?</StyledHeading>
      <FormField
        label="Describe the app you want"
        error={form.errors.description}
        hint="Enter builds it; Shift+Enter adds a line."
      >
        <StyledPrompt
          ref={promptRef}
          name="description"
          value={form.values.description}
          placeholder="A habit tracker: I tick off habits each day and see my streaks on a chart."
          rows={3}
          disabled={creating}
          onChange={(event) => form.setValue('description', event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={pasteImages}
        />
      </FormField>
      <StyledExamples aria-label="Examples">
        {EXAMPLE_PROMPTS.map((example) => (
          <li key={example}>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                form.setValue('description', example);
                promptRef.current?.focus();
              }}
            >
              {example}
            </Button>
          </li>
        ))}
      </StyledExamples>
      <ImageAttachments state={images} disabled={creating} />
      <StyledFooter>
        <ModelPicker value={model} onChange={chooseModel} models={models} disabled={creating} />
        <Button
          type="submit"
          leadingIcon={<SparklesIcon />}
          loading={creating || images.preparing}
          loadingText={creating ? 'Building…' : 'Preparing images…'}
        >
          Build it
        </Button>
      </StyledFooter>
    </StyledForm>
  );
}
