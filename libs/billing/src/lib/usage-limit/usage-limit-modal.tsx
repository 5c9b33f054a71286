import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Button, Modal } from '@mason/ui-kit';
import { selectUsageLimit, usageLimitModalClosed } from './usage-limit-slice';

export interface UsageLimitModalProps {
  /** Where "See plans" leads. */
  plansHref: string;
}

function formatResetDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** Opens by itself when a call answers 'Usage limit reached' (SPEC.md 8); place it once in the shell. */
export function UsageLimitModal({ plansHref }: UsageLimitModalProps) {
  const dispatch = useDispatch();
  const { open, limitResetDate } = useSelector(selectUsageLimit);
  const resetsAt = formatResetDate(limitResetDate);
  const close = () => dispatch(usageLimitModalClosed());

  return (
    <Modal
      open={open}
      onClose={close}
      title="You have reached your usage limit"
      description={
        resetsAt
          ? `Your plan's AI usage resets on ${resetsAt}. Upgrade to keep building now.`
          : 'Upgrade your plan to keep building now.'
      }
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Not now
          </Button>
          <Button as={Link} to={plansHref} onClick={close}>
            See plans
          </Button>
        </>
      }
    />
  );
}
