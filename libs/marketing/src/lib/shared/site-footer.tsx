import { Link } from 'react-router';
import { PRODUCT_NAME } from '@mason/contract';
import { StyledContainer, StyledFooter } from './page';

export interface SiteFooterProps {
  pricingHref: string;
  privacyHref: string;
  termsHref: string;
}

export function SiteFooter({ pricingHref, privacyHref, termsHref }: SiteFooterProps) {
  return (
    <StyledFooter>
      <StyledContainer>
        <nav aria-label="Footer">
          <span>
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </span>
          <Link to={pricingHref}>Pricing</Link>
          <Link to={privacyHref}>Privacy policy</Link>
          <Link to={termsHref}>Terms of service</Link>
        </nav>
      </StyledContainer>
    </StyledFooter>
  );
}
