import { createSlice } from '@reduxjs/toolkit';
import { apiUsageLimitReached } from '@mason/api-client';

/** SPEC.md 2 and 8: the usage-limit modal opens when the server says 'Usage limit reached'. */
export interface UsageLimitState {
  open: boolean;
  message: string | null;
  limitResetDate: string | null;
}

export const initialUsageLimitState: UsageLimitState = {
  open: false,
  message: null,
  limitResetDate: null,
};

export const usageLimitSlice = createSlice({
  name: 'usageLimit',
  initialState: initialUsageLimitState,
  reducers: {
    usageLimitModalClosed: (state) => {
      state.open = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(apiUsageLimitReached, (_state, action) => ({
      open: true,
      message: action.payload.message,
      limitResetDate: action.payload.limitResetDate,
    }));
  },
  selectors: {
    selectUsageLimit: (state) => state,
  },
});

export const { usageLimitModalClosed } = usageLimitSlice.actions;
export const { selectUsageLimit } = usageLimitSlice.selectors;
