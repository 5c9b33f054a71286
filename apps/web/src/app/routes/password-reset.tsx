import { PasswordResetRequestScreen } from '@mason/auth';

export default PasswordResetRequestScreen;
