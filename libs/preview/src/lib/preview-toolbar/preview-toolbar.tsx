import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { DeviceType } from '@mason/contract';
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  Button,
  ExternalLinkIcon,
  MonitorIcon,
  RotateCwIcon,
  SmartphoneIcon,
  TerminalIcon,
  TOOLBAR_CONTAINER,
  ToolbarLabel,
  VisuallyHidden,
} from '@mason/ui-kit';
import { StyledToggleGroup, ToggleButton } from '../toggle-button/toggle-button';
import { AddressField } from './address-field';

export interface PreviewToolbarProps {
  /** The app's page now (path, search, hash); '' before the preview reports one. */
  readonly address: string;
  /** The preview's origin; null while its bridge cannot be told where to go (the field is off). */
  readonly origin: string | null;
  readonly onNavigate: (path: string) => void;
  readonly canGoBack: boolean;
  readonly canGoForward: boolean;
  readonly onBack: () => void;
  readonly onForward: () => void;
  /** Off while there is no frame to reload. */
  readonly canReload: boolean;
  readonly onReload: () => void;
  /** The page now, on the preview's origin with its access token; null: nothing to open. */
  readonly openUrl: string | null;
  readonly device: DeviceType;
  readonly onDeviceChange: (device: DeviceType) => void;
  readonly consoleOpen: boolean;
  readonly onToggleConsole: () => void;
  /** Errors in the console (uncaught, console and build errors). */
  readonly errorCount: number;
  /** The id of the console panel the console button shows and hides. */
  readonly consoleId: string;
  /** More controls at the toolbar's end (the workspace puts visual edit's toggle there). */
  readonly actions?: ReactNode;
}

/* One row at any width: below 560 px the buttons fold to their icons (ToolbarLabel). */
const StyledToolbar = styled.div`
  container: ${TOOLBAR_CONTAINER} / inline-size;
  display: flex;
  flex-wrap: nowrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[2]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
`;

const StyledGap = styled.span`
  width: ${({ theme }) => theme.space[1]};
  flex-shrink: 0;
`;

const StyledErrorCount = styled.span`
  min-width: 18px;
  padding: ${({ theme }) => `0 ${theme.space[1]}`};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.destructive};
  color: ${({ theme }) => theme.colors.destructiveForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  line-height: 18px;
  font-variant-numeric: tabular-nums;
  text-align: center;
`;

const DEVICES: readonly {
  device: DeviceType;
  label: string;
  title: string;
  icon: typeof MonitorIcon;
}[] = [
  {
    device: 'DESKTOP',
    label: 'Desktop',
    title: 'Show the app as on a computer',
    icon: MonitorIcon,
  },
  {
    device: 'MOBILE',
    label: 'Mobile',
    title: 'Show the app as on a phone (390 px wide)',
    icon: SmartphoneIcon,
  },
];

/**
 * The preview's controls: Back, Forward, Reload, the address bar, open in a new tab, the
 * device switch and the console button with the number of errors.
 */
export function PreviewToolbar({
  address,
  origin,
  onNavigate,
  canGoBack,
  canGoForward,
  onBack,
  onForward,
  canReload,
  onReload,
  openUrl,
  device,
  onDeviceChange,
  consoleOpen,
  onToggleConsole,
  errorCount,
  consoleId,
  actions,
}: PreviewToolbarProps) {
  const errors = `${errorCount} ${errorCount === 1 ? 'error' : 'errors'}`;
  return (
    <StyledToolbar>
      <Button
        size="icon-sm"
        variant="ghost"
        aria-label="Back"
        title="Back"
        disabled={!canGoBack}
        onClick={() => onBack()}
      >
        <ArrowLeftIcon size={14} />
      </Button>
      <Button
        size="icon-sm"
        variant="ghost"
        aria-label="Forward"
        title="Forward"
        disabled={!canGoForward}
        onClick={() => onForward()}
      >
        <ArrowRightIcon size={14} />
      </Button>
      <Button
        size="icon-sm"
        variant="ghost"
        aria-label="Reload"
        title="Reload the preview"
        disabled={!canReload}
        onClick={() => onReload()}
      >
        <RotateCwIcon size={14} />
      </Button>
      <AddressField key={address} address={address} origin={origin} onNavigate={onNavigate} />
      <Button
        as="a"
        size="icon-sm"
        variant="ghost"
        aria-label="Open in a new tab"
        title="Open this page in a new tab"
        disabled={!openUrl}
        href={openUrl ?? undefined}
        target="_blank"
        rel="noopener noreferrer"
      >
        <ExternalLinkIcon size={14} />
      </Button>
      <StyledGap />
      <StyledToggleGroup role="group" aria-label="Device">
        {DEVICES.map(({ device: option, label, title, icon: Icon }) => (
          <ToggleButton
            key={option}
            pressed={device === option}
            aria-label={label}
            title={title}
            onClick={() => onDeviceChange(option)}
          >
            <Icon size={14} />
          </ToggleButton>
        ))}
      </StyledToggleGroup>
      <Button
        size="sm"
        variant={consoleOpen ? 'secondary' : 'ghost'}
        leadingIcon={<TerminalIcon size={14} />}
        aria-expanded={consoleOpen}
        aria-controls={consoleOpen ? consoleId : undefined}
        title={consoleOpen ? 'Hide the console' : `Show the console (${errors})`}
        onClick={() => onToggleConsole()}
      >
        <ToolbarLabel>Console</ToolbarLabel>
        {errorCount > 0 ? ' ' : null}
        {errorCount > 0 ? (
          <StyledErrorCount>
            {errorCount}
            <VisuallyHidden> {errorCount === 1 ? 'error' : 'errors'}</VisuallyHidden>
          </StyledErrorCount>
        ) : null}
      </Button>
      {actions}
    </StyledToolbar>
  );
}
