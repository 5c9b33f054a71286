import { WaitlistPage } from '@mason/marketing';

export default WaitlistPage;
