import { Link } from 'react-router';
import styled from 'styled-components';
import type { BillingSummary } from '@mason/contract/billing';
import { Panel, TextLink } from '@mason/ui-kit';
import { formatCredits, formatSteps } from '../format/billing-format';
import { StyledNote, StyledTable, StyledTableScroll } from '../shared/data-table';
import { UnpricedUsageNote } from './unpriced-usage-note';

const StyledBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

export interface ProjectCostsPanelProps {
  projects: BillingSummary['projects'];
  waived: BillingSummary['waived'];
  /** Steps on the person's own OpenRouter key (OpenRouter charged them); none by default. */
  ownKey?: BillingSummary['ownKey'];
  /** AI use of models without a price (not charged); none by default. */
  unpriced?: BillingSummary['unpriced'];
  /** Where a project opens; without it, the names are plain text. */
  projectHref?: (projectId: string) => string;
}

/** What the table's two counts are. */
export const TURNS_NOTE =
  'A turn is a message you sent; the assistant takes one or more model steps to answer it.';

/** The line for model steps Mason did not charge (its assistant repairing its own mistakes, outages). */
function waivedNote({ steps, costCredits }: BillingSummary['waived']) {
  if (steps === 0) return null;
  const verb = steps === 1 ? 'was' : 'were';
  return (
    <StyledNote>
      {`${formatSteps(steps)} ${verb} not charged this month (${formatCredits(costCredits)}): the assistant fixing its own mistakes, or an outage.`}
    </StyledNote>
  );
}

/** The line for model steps that ran on the person's own OpenRouter key. */
function ownKeyNote(ownKey: BillingSummary['ownKey'] | undefined) {
  if (!ownKey || ownKey.steps === 0) return null;
  const verb = ownKey.steps === 1 ? 'was' : 'were';
  return (
    <StyledNote>
      {`${formatSteps(ownKey.steps)} ran on your OpenRouter key this month and ${verb} not charged Mason credits (${formatCredits(ownKey.costCredits)} at Mason's prices): OpenRouter charges them to your account.`}
    </StyledNote>
  );
}

/** What this month's AI use cost, project by project (highest first, as the server sends it). */
export function ProjectCostsPanel({
  projects,
  waived,
  ownKey,
  unpriced = [],
  projectHref,
}: ProjectCostsPanelProps) {
  return (
    <Panel title="Cost by project this month" titleAs="h2">
      <StyledBody>
        {projects.length === 0 ? (
          <StyledNote>No charged AI use this month yet.</StyledNote>
        ) : (
          <StyledTableScroll>
            <StyledTable aria-label="Cost by project">
              <thead>
                <tr>
                  <th scope="col">Project</th>
                  <th scope="col" data-align="end">
                    Turns
                  </th>
                  <th scope="col" data-align="end">
                    Model steps
                  </th>
                  <th scope="col" data-align="end">
                    Cost
                  </th>
                </tr>
              </thead>
              <tbody>
                {projects.map((project) => (
                  <tr key={project.projectId}>
                    <th scope="row">
                      {projectHref ? (
                        <TextLink as={Link} to={projectHref(project.projectId)}>
                          {project.name}
                        </TextLink>
                      ) : (
                        project.name
                      )}
                    </th>
                    <td data-align="end">{project.turns.toLocaleString('en-US')}</td>
                    <td data-align="end">{project.steps.toLocaleString('en-US')}</td>
                    <td data-align="end">{formatCredits(project.costCredits)}</td>
                  </tr>
                ))}
              </tbody>
            </StyledTable>
          </StyledTableScroll>
        )}
        {projects.length > 0 ? <StyledNote>{TURNS_NOTE}</StyledNote> : null}
        {waivedNote(waived)}
        {ownKeyNote(ownKey)}
        <UnpricedUsageNote unpriced={unpriced} />
      </StyledBody>
    </Panel>
  );
}
