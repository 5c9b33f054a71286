import { useRef, useState, type ClipboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { NewProjectFormSchema, type Model } from '@mason/contract';
import { isApiError, useCreateProjectMutation } from '@mason/api-client';
import { isResizableImage, useContractForm } from '@mason/ui-kit';
import { useProjectsPaths } from '../projects-paths/projects-paths';
import { useImageAttachments, type PrepareImage } from './image-attachments';
import { useProjectModel } from './use-project-model';

/**
 * What both ways to start a project share (the dashboard's prompt box and the full form at
 * /dashboard/projects/new): the description and name checked by the contract, the images
 * attached or pasted, the model, and POST /projects, after which the workspace opens. What the
 * server says about a field shows beside it; the api listener toasts the catalogue's message.
 */
export function useNewProjectForm(prepareImage: PrepareImage) {
  const paths = useProjectsPaths();
  const navigate = useNavigate();
  const [createProject, { isLoading: posting }] = useCreateProjectMutation();
  // From Create until the answer: the wait for GET /models (when it has not answered) included.
  const [submitting, setSubmitting] = useState(false);
  const submittingNow = useRef(false);
  const creating = submitting || posting;
  const { model, modelToSend, setAside, choose, models, modelsQuery } = useProjectModel();
  const [modelError, setModelError] = useState<string | undefined>();
  const images = useImageAttachments(prepareImage);
  const form = useContractForm(NewProjectFormSchema, { description: '', name: '' }, ['name']);

  const chooseModel = (next: Model) => {
    choose(next);
    setModelError(undefined);
  };

  /** The form's submit handler; `onProblem` runs when the server turned the project down. */
  const submit = (onProblem: () => void) =>
    form.handleSubmit(async (body) => {
      if (images.preparing || submittingNow.current) return;
      submittingNow.current = true;
      setSubmitting(true);
      try {
        const { project } = await createProject({
          ...body,
          model: await modelToSend(),
          ...(images.ready.length ? { images: images.ready } : {}),
        }).unwrap();
        navigate(paths.project(project.id));
      } catch (caught) {
        const problems = isApiError(caught) ? caught.fieldErrors : undefined;
        if (problems) {
          const { description, name, model: modelProblem } = problems;
          form.showServerErrors({
            ...(description ? { description } : {}),
            ...(name ? { name } : {}),
          });
          if (modelProblem) setModelError(modelProblem);
          const imageProblem = Object.entries(problems).find(([field]) =>
            field.startsWith('images'),
          );
          if (imageProblem) images.report(imageProblem[1]);
        }
        onProblem();
      } finally {
        submittingNow.current = false;
        setSubmitting(false);
      }
    });

  /** Images pasted into the description are attached. */
  const pasteImages = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files).filter((file) => isResizableImage(file));
    if (pasted.length === 0) return;
    event.preventDefault();
    images.add(pasted);
  };

  return {
    form,
    images,
    model,
    /** The person's choice that cannot run here (the model shown stands in for it), else null. */
    setAside,
    models,
    modelsQuery,
    chooseModel,
    modelError,
    creating,
    submit,
    pasteImages,
  };
}
