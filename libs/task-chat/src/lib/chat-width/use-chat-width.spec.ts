import { act, renderHook } from '@testing-library/react';
import { CHAT_WIDTH_STORAGE_KEY, useChatWidth } from './use-chat-width';

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('useChatWidth', () => {
  it('starts at 500 px when nothing is stored', () => {
    const { result } = renderHook(() => useChatWidth());
    expect(result.current).toMatchObject({ width: 500, collapsed: false });
  });

  it('starts at the stored width, or collapsed when 0 is stored', () => {
    localStorage.setItem(CHAT_WIDTH_STORAGE_KEY, '640');
    expect(renderHook(() => useChatWidth()).result.current.width).toBe(640);
    localStorage.setItem(CHAT_WIDTH_STORAGE_KEY, '0');
    expect(renderHook(() => useChatWidth()).result.current.collapsed).toBe(true);
    localStorage.setItem(CHAT_WIDTH_STORAGE_KEY, 'wide');
    expect(renderHook(() => useChatWidth()).result.current.width).toBe(500);
  });

  it('saves a new width 300 ms after the last change only', () => {
    const { result } = renderHook(() => useChatWidth());
    act(() => result.current.resize(600));
    act(() => jest.advanceTimersByTime(200));
    act(() => result.current.resize(620));
    act(() => jest.advanceTimersByTime(299));
    expect(localStorage.getItem(CHAT_WIDTH_STORAGE_KEY)).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(localStorage.getItem(CHAT_WIDTH_STORAGE_KEY)).toBe('620');
  });

  it('keeps the width within bounds', () => {
    const { result } = renderHook(() => useChatWidth());
    act(() => result.current.resize(40));
    expect(result.current.width).toBe(320);
    act(() => result.current.resize(5000));
    expect(result.current.width).toBe(960);
  });

  it('expands from collapsed to 520 px', () => {
    const { result } = renderHook(() => useChatWidth());
    act(() => result.current.resize(700));
    act(() => result.current.collapse());
    act(() => jest.advanceTimersByTime(300));
    expect(result.current.collapsed).toBe(true);
    expect(localStorage.getItem(CHAT_WIDTH_STORAGE_KEY)).toBe('0');
    act(() => result.current.expand());
    expect(result.current).toMatchObject({ width: 520, collapsed: false });
    act(() => jest.advanceTimersByTime(300));
    expect(localStorage.getItem(CHAT_WIDTH_STORAGE_KEY)).toBe('520');
  });

  it('saves a pending change when the page goes away', () => {
    const { result, unmount } = renderHook(() => useChatWidth());
    act(() => result.current.resize(710));
    unmount();
    expect(localStorage.getItem(CHAT_WIDTH_STORAGE_KEY)).toBe('710');
  });
});
