import type { BillingSummary } from '@mason/contract/billing';
import { modelLabel } from '@mason/contract';
import { useGetModelsQuery } from '@mason/api-client';
import { StyledNote } from '../shared/data-table';

export interface UnpricedUsageNoteProps {
  unpriced: BillingSummary['unpriced'];
}

/**
 * The lines for AI use that was not charged because its model has no price (the operator's own
 * model until they set one): "Not charged: no price set for qwen2.5-coder (your endpoint).
 * 110,000 tokens this month." Each model by the name this server gives it.
 */
export function UnpricedUsageNote({ unpriced }: UnpricedUsageNoteProps) {
  const models = useGetModelsQuery();
  if (unpriced.length === 0) return null;
  return (
    <>
      {unpriced.map(({ model, inputTokens, outputTokens }) => (
        <StyledNote key={model}>
          {`Not charged: no price set for ${modelLabel(model, models.data?.models)}. ${(inputTokens + outputTokens).toLocaleString('en-US')} tokens this month.`}
        </StyledNote>
      ))}
    </>
  );
}
