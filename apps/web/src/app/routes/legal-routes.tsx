import LegalPage from '../../features/legal/legal-page';

/** The three legal routes share this chunk; each tells the legal page which text to show. */
export function PrivacyPolicyRoute() {
  return <LegalPage page="privacy" />;
}

export function TermsOfServiceRoute() {
  return <LegalPage page="terms" />;
}

export function DataProtectionRoute() {
  return <LegalPage page="data-protection" />;
}
