import type { KeyboardEvent } from 'react';
import styled from 'styled-components';
import { focusRingStyles } from '@mason/ui-kit';

const StyledSwitch = styled.div`
  display: inline-flex;
  flex-shrink: 0;
  gap: ${({ theme }) => theme.space[0.5]};
  padding: ${({ theme }) => theme.space[0.5]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.muted};
`;

const StyledSwitchTab = styled.button`
  height: 28px;
  padding: ${({ theme }) => `0 ${theme.space[3]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  cursor: pointer;
  ${focusRingStyles}

  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.foreground};
    box-shadow: ${({ theme }) => theme.shadows.xs};
  }
`;

export /** Tabs whose panels live elsewhere on the page (ids `${idPrefix}-${tab}-panel`); arrows move. */
function TabSwitch<Tab extends string>({
  label,
  tabs,
  labels,
  value,
  onChange,
  idPrefix,
}: {
  label: string;
  tabs: readonly Tab[];
  labels: Readonly<Record<Tab, string>>;
  value: Tab;
  onChange: (tab: Tab) => void;
  idPrefix: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(value) + step + tabs.length) % tabs.length];
    onChange(next);
    document.getElementById(`${idPrefix}-${next}-tab`)?.focus();
  };
  return (
    <StyledSwitch role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <StyledSwitchTab
          key={tab}
          type="button"
          role="tab"
          id={`${idPrefix}-${tab}-tab`}
          aria-selected={tab === value}
          aria-controls={`${idPrefix}-${tab}-panel`}
          tabIndex={tab === value ? 0 : -1}
          onClick={() => onChange(tab)}
        >
          {labels[tab]}
        </StyledSwitchTab>
      ))}
    </StyledSwitch>
  );
}
