import { SettingsScreen } from '@mason/auth';

export default SettingsScreen;
