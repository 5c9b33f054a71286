import { useId, useState, type FormEvent } from 'react';
import { ProjectDescriptionSchema, ProjectNameSchema, type Project } from '@mason/contract';
import { useUpdateProjectMutation } from '@mason/api-client';
import { Button, Modal, TextField, Textarea } from '@mason/ui-kit';
import styled from 'styled-components';
import { useProjectSettingsSections } from './project-settings-sections';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledLabel = styled.label`
  display: grid;
  gap: ${({ theme }) => theme.space[1.5]};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
`;

const StyledError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.destructiveText};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledCheck = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2.5]};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  cursor: pointer;

  input {
    margin-top: 3px;
  }
`;

const StyledHint = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space[0.5]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeights.regular};
`;

const StyledSections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  margin-top: ${({ theme }) => theme.space[6]};
  padding-top: ${({ theme }) => theme.space[6]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface ProjectSettingsProps {
  project: Project;
  open: boolean;
  onClose: () => void;
}

/** What the automatic repair setting does, under its checkbox. */
const AUTO_REPAIR_HINT =
  'When a version the assistant just made throws as it first loads, the assistant fixes it with a small edit (at most twice after your last message, not charged). It never undoes your changes: an error after your own edit or a click in the app waits for Fix with AI in the preview’s console. Off: the chat tells you, and you decide.';

/**
 * The project's settings, from the workspace bar: its name, description and automatic repair
 * (Save sends PUT /projects/:id with what changed; Escape cancels), then the sections the shell
 * adds (ProjectSettingsSectionsProvider: code hosting), which act at once.
 */
export function ProjectSettings({ project, open, onClose }: ProjectSettingsProps) {
  const sections = useProjectSettingsSections();
  return (
    <Modal open={open} onClose={onClose} title="Project settings" size="md">
      {/* Mounted while open only: each opening starts from the project as it is. */}
      {open && <SettingsForm project={project} onDone={onClose} />}
      {open && sections && <StyledSections>{sections(project)}</StyledSections>}
    </Modal>
  );
}

function SettingsForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const [autoRepair, setAutoRepair] = useState(project.autoRepair ?? true);
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const [update, updating] = useUpdateProjectMutation();
  const descriptionId = useId();
  const errorId = useId();
  const repairHintId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsedName = ProjectNameSchema.safeParse(name);
    const parsedDescription = ProjectDescriptionSchema.safeParse(description);
    const problems = {
      ...(parsedName.success ? {} : { name: parsedName.error.issues[0]?.message }),
      ...(parsedDescription.success
        ? {}
        : { description: parsedDescription.error.issues[0]?.message }),
    };
    setErrors(problems);
    if (!parsedName.success || !parsedDescription.success) return;
    const changes = {
      ...(parsedName.data !== project.name ? { name: parsedName.data } : {}),
      ...(parsedDescription.data !== project.description
        ? { description: parsedDescription.data }
        : {}),
      ...(autoRepair !== (project.autoRepair ?? true) ? { autoRepair } : {}),
    };
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    try {
      await update({ projectId: project.id, ...changes }).unwrap();
      onDone();
    } catch {
      // The api listener says why; the form stays open for another try.
    }
  };

  return (
    <StyledForm aria-label="Project settings" onSubmit={(event) => void save(event)}>
      <TextField
        label="Project name"
        value={name}
        error={errors.name}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <StyledLabel htmlFor={descriptionId}>
        Project description
        <Textarea
          id={descriptionId}
          rows={4}
          value={description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? errorId : undefined}
          onChange={(event) => setDescription(event.target.value)}
        />
      </StyledLabel>
      {errors.description && <StyledError id={errorId}>{errors.description}</StyledError>}
      <StyledCheck>
        <input
          type="checkbox"
          checked={autoRepair}
          aria-describedby={repairHintId}
          onChange={(event) => setAutoRepair(event.target.checked)}
        />
        <span>
          Let the assistant fix its own errors
          <StyledHint id={repairHintId}>{AUTO_REPAIR_HINT}</StyledHint>
        </span>
      </StyledCheck>
      <StyledActions>
        <Button variant="ghost" onClick={onDone} disabled={updating.isLoading}>
          Cancel
        </Button>
        <Button type="submit" loading={updating.isLoading} loadingText="Saving…">
          Save
        </Button>
      </StyledActions>
    </StyledForm>
  );
}
