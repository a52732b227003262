import type { LegalSection } from '../components/legal-page.tsx';

export const TERMS_UPDATED = 'Last updated 2021-02-14';

export const TERMS_INTRO =
  'These terms govern your use of Ampelos, a service for monitoring vineyards and crop fields with aerial imaging and AI stress reports. By creating an account or ordering a report you accept them.';

export const TERMS_SECTIONS: LegalSection[] = [
  {
    heading: '1. Orders and prepayment',
    paragraphs: [
      'Reports and packages are paid in advance (prepayment). Work on an order starts once the payment has been confirmed.',
      'Prices are shown in euro and exclude VAT. Payment is made by bank transfer to the account shown on the payment methods page.',
    ],
  },
  {
    heading: '2. Drone flights',
    paragraphs: [
      'For end-to-end packages the drone flights over your fields are arranged through third-party drone operators who act on our instructions.',
      'If you cancel or reschedule an agreed flight less than 48 hours before it is due, an administrative fee is charged.',
    ],
  },
  {
    heading: '3. Invoices, arrears and interest',
    items: [
      'Invoices are payable within 30 days of the invoice date.',
      'Amounts in arrears bear interest of 1% per month until they are paid.',
      'If an account is more than 30 days in arrears, the data stored for it may be deleted.',
    ],
  },
  {
    heading: '4. Your data and uploads',
    paragraphs: [
      'You keep the rights to the images and field data you provide. The maximum upload is one terabyte (1 TB) per dataset.',
      'Images you upload for a bring-your-own-images package must show the field the package was bought for.',
    ],
  },
  {
    heading: '5. Limitation of liability',
    paragraphs: [
      'Our total liability for any claim arising from the service is limited to the greater of USD 1000 or the fees you paid in the six months before the claim.',
      'Reports are decision aids: the AI marks likely plant stress, and agronomic decisions remain yours.',
    ],
  },
  {
    heading: '6. Claims and disputes',
    items: [
      'Any claim related to the service must begin within one year after the cause of action arose; later claims are barred.',
      'Before any formal proceeding, both parties first try to settle a dispute by informal negotiation for 60 days.',
    ],
  },
  {
    heading: '7. Press and publicity',
    paragraphs: [
      'If we mention you as a customer in press or marketing material and you ask us to remove the mention, we remove it within 60 days.',
    ],
  },
  {
    heading: '8. Changes',
    paragraphs: [
      'We may update these terms. The date at the top shows the latest version; continued use after a change means you accept it.',
    ],
  },
];
