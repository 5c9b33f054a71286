import { PrivacyPolicyPage } from '@mason/marketing';

export default PrivacyPolicyPage;
