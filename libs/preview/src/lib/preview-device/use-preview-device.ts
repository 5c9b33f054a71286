import { DeviceTypeSchema, type DeviceType } from '@mason/contract';
import { useCallback, useState } from 'react';

/** SPEC.md 2, 4: the preview's device (DESKTOP or MOBILE), remembered in this browser. */
export const PREVIEW_DEVICE_STORAGE_KEY = 'mason.previewDevice';

/** How wide the mobile frame is: a common phone's CSS width. */
export const MOBILE_FRAME_WIDTH = 390;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored device, DESKTOP when none (or something else) is stored. */
export function readStoredDevice(): DeviceType {
  try {
    const parsed = DeviceTypeSchema.safeParse(storage()?.getItem(PREVIEW_DEVICE_STORAGE_KEY));
    return parsed.success ? parsed.data : 'DESKTOP';
  } catch {
    return 'DESKTOP';
  }
}

/** The device the preview frames the app for, and a setter that remembers the choice. */
export function usePreviewDevice(): readonly [DeviceType, (device: DeviceType) => void] {
  const [device, setDevice] = useState(readStoredDevice);
  const choose = useCallback((next: DeviceType) => {
    setDevice(next);
    try {
      storage()?.setItem(PREVIEW_DEVICE_STORAGE_KEY, next);
    } catch {
      // Full or blocked storage: the choice still holds on this page.
    }
  }, []);
  return [device, choose] as const;
}
