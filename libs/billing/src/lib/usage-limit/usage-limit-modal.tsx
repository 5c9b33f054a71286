import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { Button, Modal } from '@mason/ui-kit';
import { withReturnTo } from '../shared/return-to';
import { selectUsageLimit, usageLimitModalClosed } from './usage-limit-slice';

export interface UsageLimitModalProps {
  /** Where "See plans" leads. */
  plansHref: string;
  /**
   * Where "Upgrade" leads: the billing screen, which changes the plan or buys credits through a
   * checkout and then offers the way back to where the person was, to retry.
   */
  billingHref: string;
}

function formatResetDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** Opens by itself when a call answers 'Usage limit reached' (SPEC.md 8); place it once in the shell. */
export function UsageLimitModal({ plansHref, billingHref }: UsageLimitModalProps) {
  const location = useLocation();
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
          <Button as={Link} to={plansHref} variant="outline" onClick={close}>
            See plans
          </Button>
          <Button
            as={Link}
            to={withReturnTo(billingHref, `${location.pathname}${location.search}`)}
            onClick={close}
          >
            Upgrade
          </Button>
        </>
      }
    />
  );
}
