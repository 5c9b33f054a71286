import { TermsOfServicePage } from '@mason/marketing';

export default TermsOfServicePage;
