import { PasswordResetScreen } from '@mason/auth';

export default PasswordResetScreen;
