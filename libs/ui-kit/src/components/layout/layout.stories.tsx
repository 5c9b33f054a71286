import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { Inline, Stack } from './layout';

const Box = styled.div`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const meta = {
  title: 'UI Kit/Layout',
  component: Stack,
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StackAndInline: Story = {
  render: () => (
    <Stack gap={6}>
      <Stack gap={2}>
        <Box>Stack gap 2</Box>
        <Box>second</Box>
        <Box>third</Box>
      </Stack>
      <Inline gap={3} justify="between">
        <Box>Inline</Box>
        <Box>justify between</Box>
        <Box>wraps</Box>
      </Inline>
    </Stack>
  ),
};
