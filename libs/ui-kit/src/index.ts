// Public API of @mason/ui-kit: name every export.

// Theme
export {
  THEME_DEFAULTS,
  breakpoints,
  createMasonTheme,
  createRadii,
  darkColors,
  darkTheme,
  lightColors,
  lightTheme,
  motion,
  space,
  typography,
} from './theme/tokens';
export type {
  BreakpointTokens,
  ColorTokens,
  CreateMasonThemeOptions,
  FontSizeKey,
  FontSizeTokens,
  FontWeightKey,
  FontWeightTokens,
  LineHeightTokens,
  MasonTheme,
  MotionTokens,
  RadiusTokens,
  ResolvedThemeMode,
  ShadowTokens,
  SpaceKey,
  SpaceTokens,
  ThemeMode,
  TypographyTokens,
  ZIndexTokens,
} from './theme/tokens';
export { GlobalStyle } from './theme/global-style';
export { MasonThemeProvider } from './theme/mason-theme-provider';
export type { MasonThemeProviderProps } from './theme/mason-theme-provider';
export { useThemeMode } from './theme/use-theme-mode';
export type { ThemeModeContextValue } from './theme/theme-mode-context';
export { THEME_STORAGE_KEY, isThemeMode, readStoredThemeMode } from './theme/theme-storage';
export { ThemeModeSwitch } from './theme/theme-mode-switch';
export type { ThemeModeSwitchProps } from './theme/theme-mode-switch';

// Style helpers for libraries that build their own styled views
export {
  floatingErrorStyles,
  focusRingStyles,
  interactiveTransition,
  visuallyHiddenStyles,
} from './utils/styles';
export { VisuallyHidden } from './utils/visually-hidden';
export { TOOLBAR_CONTAINER, ToolbarLabel } from './utils/toolbar-label';

// Icons
export {
  BugIcon,
  PointerIcon,
  RotateCwIcon,
  SmartphoneIcon,
  TerminalIcon,
} from './icons/workspace-icons';
export {
  ArrowLeftIcon,
  ArrowUpIcon,
  CheckIcon,
  ChevronRightIcon,
  DownloadIcon,
  ExternalLinkIcon,
  FileIcon,
  FolderIcon,
  HistoryIcon,
  ImageIcon,
  MenuIcon,
  MonitorIcon,
  MoonIcon,
  MoreHorizontalIcon,
  PanelLeftIcon,
  SettingsIcon,
  PaperclipIcon,
  PauseIcon,
  PencilIcon,
  PlayIcon,
  PlusIcon,
  RotateCcwIcon,
  SparklesIcon,
  SunIcon,
  ThumbsDownIcon,
  ThumbsUpIcon,
  TrashIcon,
  WrenchIcon,
} from './icons/icons';
export {
  AlertCircleIcon,
  AlertTriangleIcon,
  ArrowRightIcon,
  CheckCircleIcon,
  CloseIcon,
  InfoIcon,
} from './icons/notice-icons';
export { ChevronDownIcon, EyeIcon, EyeOffIcon } from './icons/field-icons';
export type { IconProps } from './icons/create-icon';

// Primitives
export { Alert } from './components/alert/alert';
export type { AlertProps, AlertTone } from './components/alert/alert';
export { Avatar, getInitials } from './components/avatar/avatar';
export type { AvatarProps, AvatarSize } from './components/avatar/avatar';
export { Badge } from './components/badge/badge';
export type { BadgeProps, BadgeVariant } from './components/badge/badge';
export { Banner } from './components/banner/banner';
export type { BannerLink, BannerProps, BannerTone } from './components/banner/banner';
export { Button } from './components/button/button';
export type {
  ButtonOwnProps,
  ButtonProps,
  ButtonSize,
  ButtonVariant,
} from './components/button/button';
export { ConfirmDialog } from './components/confirm-dialog/confirm-dialog';
export type { ConfirmDialogProps } from './components/confirm-dialog/confirm-dialog';
export { DownloadCodeButton } from './components/download-code-button/download-code-button';
export type {
  DownloadCodeButtonProps,
  DownloadCodePlacement,
  DownloadCodeState,
} from './components/download-code-button/download-code-button';
export { EmptyState } from './components/empty-state/empty-state';
export type { EmptyStateProps } from './components/empty-state/empty-state';
export { FormField } from './components/form-field/form-field';
export type { FormFieldControlProps, FormFieldProps } from './components/form-field/form-field';
export { FullPageLoader } from './components/full-page-loader/full-page-loader';
export type { FullPageLoaderProps } from './components/full-page-loader/full-page-loader';
export { Input, inputStyles } from './components/input/input';
export type { InputProps, InputSize } from './components/input/input';
export { Inline, Stack } from './components/layout/layout';
export type { InlineProps, StackProps } from './components/layout/layout';
export { Logo, LogoMark } from './components/logo/logo';
export type { LogoProps, LogoSize } from './components/logo/logo';
export { Menu } from './components/menu/menu';
export type {
  MenuEntry,
  MenuItemEntry,
  MenuProps,
  MenuSeparatorEntry,
} from './components/menu/menu';
export { ModelPicker } from './components/model-picker/model-picker';
export type { ModelPickerProps } from './components/model-picker/model-picker';
export { Modal } from './components/modal/modal';
export type { ModalProps, ModalSize } from './components/modal/modal';
export { Page, PageHeader } from './components/page/page';
export type { PageHeaderProps, PageProps, PageWidth } from './components/page/page';
export { Panel } from './components/panel/panel';
export type { PanelPadding, PanelProps, PanelVariant } from './components/panel/panel';
export { MoreDetails } from './components/more-details/more-details';
export type { MoreDetailsProps } from './components/more-details/more-details';
export { Select } from './components/select/select';
export type { SelectProps } from './components/select/select';
export { Spinner } from './components/spinner/spinner';
export type { SpinnerProps, SpinnerSize } from './components/spinner/spinner';
export { Tabs } from './components/tabs/tabs';
export type { TabItem, TabsProps, TabsVariant } from './components/tabs/tabs';
export { TextField } from './components/text-field/text-field';
export type { TextFieldProps } from './components/text-field/text-field';
export { Textarea } from './components/textarea/textarea';
export type { TextareaProps } from './components/textarea/textarea';
export { TextLink } from './components/text-link/text-link';
export type { TextLinkProps, TextLinkTone } from './components/text-link/text-link';
export { ToastProvider, useToast } from './components/toast/toast-provider';
export { showToast } from './components/toast/show-toast';
export type { ShowToastOptions } from './components/toast/show-toast';
export type {
  ToastApi,
  ToastOptions,
  ToastProviderProps,
  ToastVariant,
} from './components/toast/toast-provider';
export { Heading, Text } from './components/typography/typography';
export type {
  HeadingLevel,
  HeadingProps,
  TextProps,
  TextTone,
} from './components/typography/typography';
export { useContractForm } from './forms/use-contract-form';
export { useLazyContractForm } from './forms/use-lazy-contract-form';
export {
  fitWithin,
  IMAGE_MEDIA_TYPES,
  ImageResizeError,
  isResizableImage,
  resizeImageFile,
  STILL_GIF_NOTE,
} from './utils/resize-image';
export type { PreparedImage, Size } from './utils/resize-image';
export { formatBytes } from './utils/format-bytes';
export { formatDateTime, formatRelativeTime } from './utils/format-time';
export { encodeGif } from './utils/encode-gif';
export type { ContractForm, FieldErrors } from './forms/use-contract-form';
export { PHONE_QUERY, useMediaQuery } from './hooks/use-media-query';
export { useFocusAfterClose } from './hooks/use-focus-after-close';
