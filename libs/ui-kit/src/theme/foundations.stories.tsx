import type { Meta, StoryObj } from '@storybook/react-vite';
import styled, { useTheme } from 'styled-components';
import { expect } from 'storybook/test';
import { Heading, Text } from '../components/typography/typography';
import type { ColorTokens } from './tokens';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(168px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

const Swatch = styled.div`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background-color: ${({ theme }) => theme.colors.card};
`;

const Chip = styled.div<{ $color: string; $text: string }>`
  display: flex;
  align-items: flex-end;
  height: 72px;
  padding: ${({ theme }) => theme.space[3]};
  background: ${({ $color }) => $color};
  color: ${({ $text }) => $text};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Meta_ = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};

  code {
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[10]};
`;

const PAIRS: [keyof ColorTokens, keyof ColorTokens][] = [
  ['background', 'foreground'],
  ['card', 'cardForeground'],
  ['popover', 'popoverForeground'],
  ['primary', 'primaryForeground'],
  ['secondary', 'secondaryForeground'],
  ['muted', 'mutedForeground'],
  ['accent', 'accentForeground'],
  ['destructive', 'destructiveForeground'],
  ['success', 'successForeground'],
  ['warning', 'warningForeground'],
  ['info', 'infoForeground'],
  ['toast', 'toastForeground'],
];

function Colors() {
  const theme = useTheme();
  return (
    <Section aria-label="Colours">
      <Heading level={2}>Colours · zinc · {theme.mode}</Heading>
      <Grid>
        {PAIRS.map(([surface, text]) => (
          <Swatch key={surface}>
            <Chip $color={theme.colors[surface] as string} $text={theme.colors[text] as string}>
              Aa
            </Chip>
            <Meta_>
              <strong>{surface}</strong>
              <code>{theme.colors[surface] as string}</code>
            </Meta_>
          </Swatch>
        ))}
        {(['border', 'input', 'ring'] as const).map((name) => (
          <Swatch key={name}>
            <Chip $color={theme.colors[name]} $text={theme.colors.foreground} />
            <Meta_>
              <strong>{name}</strong>
              <code>{theme.colors[name]}</code>
            </Meta_>
          </Swatch>
        ))}
      </Grid>
    </Section>
  );
}

const Tile = styled.div<{ $radius: string; $shadow?: string }>`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 88px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ $radius }) => $radius};
  background-color: ${({ theme }) => theme.colors.card};
  box-shadow: ${({ $shadow }) => $shadow ?? 'none'};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

function Shape() {
  const theme = useTheme();
  return (
    <Section aria-label="Radii and shadows">
      <Heading level={2}>Radii (base {theme.radii.base}) and shadows</Heading>
      <Grid>
        {(['sm', 'md', 'lg', 'xl'] as const).map((key) => (
          <Tile key={key} $radius={theme.radii[key]}>
            radius.{key} · {theme.radii[key]}
          </Tile>
        ))}
        {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((key) => (
          <Tile key={key} $radius={theme.radii.lg} $shadow={theme.shadows[key]}>
            shadow.{key}
          </Tile>
        ))}
      </Grid>
    </Section>
  );
}

function Type() {
  const theme = useTheme();
  return (
    <Section aria-label="Type scale">
      <Heading level={2}>Type scale</Heading>
      {(Object.keys(theme.typography.fontSizes) as (keyof typeof theme.typography.fontSizes)[])
        .slice()
        .reverse()
        .map((key) => (
          <Text key={key} size={key}>
            {key} · {theme.typography.fontSizes[key]} — Build software by describing it
          </Text>
        ))}
    </Section>
  );
}

const meta = {
  title: 'UI Kit/Foundations',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const ColorTokensStory: Story = {
  name: 'Colours',
  render: () => <Colors />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Colours' })).toBeVisible();
  },
};

export const ShapeStory: Story = { name: 'Radii and shadows', render: () => <Shape /> };

export const TypeStory: Story = { name: 'Type scale', render: () => <Type /> };
