import { COMPANY } from '../../../config/company';
import type { SiteContent } from './page-content';

const NOT_LEGAL_ADVICE =
  'Lepinguturg does not provide legal services and does not replace the advice of a lawyer. Templates are general examples: before using one, make sure it fits your situation and, where needed, ask a lawyer.';

/** The static pages in English (SPEC §2 "Static pages"). */
export const EN: SiteContent = {
  labels: {
    registryCode: 'Registry code',
    vatNumber: 'VAT number',
    address: 'Address',
    email: 'E-mail',
    phone: 'Phone',
    privacyEmail: 'Data protection',
    updated: 'Last updated',
    contents: 'Contents',
  },
  team: [
    {
      name: 'Kristiina Lepp',
      role: 'Founder and CEO',
      text: 'An attorney who spent fifteen years in commercial law and saw how much time goes into writing the same contracts from scratch, again and again.',
    },
    {
      name: 'Andres Kuusk',
      role: 'Content editor',
      text: 'A lawyer who reviews the form of every published template and helps authors describe what a template is for, and what it is not for.',
    },
    {
      name: 'Liis Saar',
      role: 'Product lead and developer',
      text: 'Builds Lepinguturg so that finding, buying and downloading a template takes minutes, not hours – on a phone and with assistive technology too.',
    },
    {
      name: 'Marko Tamm',
      role: 'Customer support and payouts',
      text: 'Answers buyers’ and authors’ questions on working days and makes sure authors receive their licence fees on time.',
    },
  ],
  pages: {
    contacts: {
      title: 'Contacts',
      description:
        'Contacts of Lepinguturg OÜ: registry code, address, e-mail and phone. We answer questions about templates, payments and payouts within one working day.',
      lead: 'Questions about templates, payments or payouts? Write to us and we will answer within one working day.',
      sections: [
        {
          heading: 'Customer support',
          paragraphs: [
            'We are available on working days from 9:00 to 17:00 (Estonian time). When writing about a purchase, add its number or the e-mail address you bought with.',
            'We cannot give legal advice on the content of a document: its author is responsible for the template, and a lawyer can advise on your situation.',
          ],
        },
      ],
    },
    team: {
      title: 'Team',
      description:
        'The Lepinguturg team: lawyers and software developers in Tallinn who make good legal templates easy to find and fair to their authors.',
      lead: 'We are a small team of lawyers and software developers in Tallinn. We believe good legal templates should be easy to find and that their authors deserve a fair reward for their work.',
      sections: [],
    },
    missionvision: {
      title: 'Mission and vision',
      description:
        'The mission of Lepinguturg is to make quality legal document templates available to everyone and to reward the experts who write them.',
      sections: [
        {
          id: 'mission',
          heading: 'Mission',
          paragraphs: [
            'To make quality legal document templates available to everyone and to reward the experts who write them.',
            'A small business, a housing association or a private person should not have to start every contract from scratch, and an author should not leave their best templates in a drawer. Lepinguturg brings them together: the author sets the price, the buyer sees a preview before buying and pays only for what they need.',
          ],
        },
        {
          id: 'vision',
          heading: 'Vision',
          paragraphs: [
            'The place in the Baltics and the Nordics where people and businesses start every legal document.',
            'We see a future where a good template is as easy to find as a library book, where every template says under which country’s law it was written and whom it suits, and where a lawyer’s time goes into advice rather than formatting.',
          ],
        },
      ],
    },
    termsofuse: {
      title: 'Terms of use',
      description:
        'Terms of use of Lepinguturg: searching, buying and downloading templates, prices and fees, the licence, liability and how disputes are resolved.',
      updated: '01.07.2025',
      lead: `These terms apply to everyone who uses the Lepinguturg website, run by ${COMPANY.name} (registry code ${COMPANY.registryCode}, ${COMPANY.address.en}).`,
      sections: [
        {
          heading: '1. The service',
          paragraphs: [
            'Lepinguturg is an online marketplace where authors (uploaders) publish legal document templates and buyers search, preview, buy and download them. Browsing and searching need no registration.',
            NOT_LEGAL_ADVICE,
          ],
        },
        {
          heading: '2. Content of templates',
          paragraphs: [
            'The author of a template is responsible for its content. We check a template’s form and description, but not whether it complies with the law in every situation. Each template states its language, field of law and applicable law.',
          ],
        },
        {
          heading: '3. Buying and prices',
          items: [
            'Prices are in euros and include VAT. The author sets the price of a template; free templates can be downloaded without paying.',
            'Documents stay in the basket for one hour. Before paying you confirm that you have seen the previews of the documents you buy and accept these terms.',
            'Payments are made by bank link or card through a payment service provider. A purchase takes effect when the payment has been received.',
          ],
        },
        {
          heading: '4. Downloads and licence',
          paragraphs: [
            'After paying you can download the purchased files for about 24 hours, one by one or all at once as a ZIP file. Keep a copy of the files.',
            'A purchase gives you a non-exclusive licence to use the template for yourself and to draft documents for your own clients. You may not resell the template itself, publish it or upload it to another template marketplace.',
          ],
        },
        {
          heading: '5. Right of withdrawal',
          paragraphs: [
            'For digital content made available right after payment, a consumer loses the 14-day right of withdrawal once they have given their prior consent to this (Estonian Law of Obligations Act § 53 (4) 13). If a file is faulty or does not match its description, write to us and we will put it right.',
          ],
        },
        {
          heading: '6. Liability',
          paragraphs: [
            'We are liable for the service to the extent provided by law. We are not liable for damage resulting from using a template in a situation it did not suit, or from the absence of legal advice.',
          ],
        },
        {
          heading: '7. Disputes',
          paragraphs: [
            `Please send complaints to ${COMPANY.email}; we answer within 15 days. If we cannot agree, a consumer may turn to the Estonian Consumer Disputes Committee (www.komisjon.ee) or the EU online dispute resolution platform. Disputes are resolved under Estonian law.`,
          ],
        },
        {
          heading: '8. Changes',
          paragraphs: [
            'We may change these terms. We announce changes on the website at least 30 days in advance; purchases made before a change keep the terms that applied when they were made.',
          ],
        },
      ],
    },
    privacypolicy: {
      title: 'Privacy policy',
      description:
        'How Lepinguturg processes personal data: the controller, purposes, legal bases, retention periods, processors and your rights under the GDPR.',
      updated: '01.07.2025',
      lead: 'We process only the data needed to run the marketplace, serve your purchases and meet our legal obligations.',
      sections: [
        {
          heading: '1. Controller',
          paragraphs: [
            `${COMPANY.name}, registry code ${COMPANY.registryCode}, ${COMPANY.address.en}. For data protection questions write to ${COMPANY.privacyEmail}.`,
          ],
        },
        {
          heading: '2. What data we process',
          items: [
            'Basket and purchases: the basket identifier, the documents bought, the payer’s name, e-mail and address, the payment status.',
            'User account: e-mail address, name and the profile data you enter yourself (date of birth, address, country, language, areas of practice, additional information, organization), and whether each field is public.',
            'Authors: uploaded documents, sales, licence fees and the IBAN for payouts.',
            'Technical data: sign-in and security logs, language and accessibility preferences in cookies.',
          ],
        },
        {
          heading: '3. Purposes and legal bases',
          items: [
            'Serving purchases and accounts, making files available and paying out – performance of a contract (GDPR Article 6(1)(b)).',
            'Accounting and tax reporting – legal obligation (Article 6(1)(c)).',
            'Security of the service, fraud prevention and statistics that identify nobody – legitimate interest (Article 6(1)(f)).',
            'Visit statistics through a tag manager – only with your consent (Article 6(1)(a)), which you can withdraw at any time.',
          ],
        },
        {
          heading: '4. Retention',
          items: [
            'Basket: until it expires (one hour after the last change), then without personal data.',
            'Accounting records of purchases and payouts: 7 years from the end of the financial year (Estonian Accounting Act § 12).',
            'User account and profile: until the account is closed; data on published and sold documents as long as accounting requires.',
            'Security logs: up to 12 months.',
          ],
        },
        {
          heading: '5. Processors and recipients',
          items: [
            'A hosting and file storage provider in the European Union (servers and backups).',
            'The payment service provider Maksekeskus AS (bank links and card payments).',
            'An e-mail delivery provider (confirmation codes and purchase confirmations).',
            'Our accounting service provider and the Estonian Tax and Customs Board, as far as the law requires.',
            'A tag manager (Google Tag Manager), only when you have accepted cookies.',
          ],
          paragraphs: [
            'We do not sell data. Where a provider processes data outside the European Economic Area, it does so only under an adequacy decision of the European Commission or standard contractual clauses.',
          ],
        },
        {
          heading: '6. Your rights',
          paragraphs: [
            'You have the right to access your data, to have it corrected, erased or its processing restricted, to object, to receive your data in a machine-readable form and to withdraw your consent. You can change your profile yourself on the “My data” page.',
            'If you believe we infringe your rights, you may complain to the Estonian Data Protection Inspectorate (www.aki.ee, info@aki.ee).',
          ],
        },
        {
          heading: '7. Cookies',
          paragraphs: [
            'Strictly necessary cookies and browser storage keep your basket, language, accessibility settings and sign-in. Statistics cookies are added only when the tag manager is switched on and you have accepted the cookie notice.',
          ],
        },
      ],
    },
    accessibility: {
      title: 'Accessibility statement',
      description:
        'Accessibility statement of Lepinguturg: which requirements the website meets, known limitations and how to give feedback.',
      updated: '01.07.2025',
      lead: `${COMPANY.name} wants everyone to be able to use Lepinguturg, including with a screen reader, a keyboard or magnification. This statement covers the websites lepinguturg.ee and lepinguturg.com.`,
      sections: [
        {
          heading: 'Compliance',
          paragraphs: [
            'The website partly conforms to the standard EN 301 549 and to WCAG 2.1 at level AA. Pages are tested automatically with axe-core and by hand with a keyboard and a screen reader.',
          ],
        },
        {
          heading: 'What we do for accessibility',
          items: [
            'The accessibility panel: three text sizes (16, 18 and 24 pixels) and high contrast; your choice is remembered.',
            'Everything can be done with a keyboard; focus moves to the heading of a new page and, when a dialog closes, back to the button that opened it.',
            'Every field has a visible label; errors are shown at the field and announced.',
            'Pages work on narrow screens (320 pixels) without scrolling sideways.',
          ],
        },
        {
          heading: 'Known limitations',
          items: [
            'Previews of uploaded documents are images; their text is not available to screen readers before purchase.',
            'The accessibility of files uploaded by authors (PDF, DOCX and others) depends on their authors.',
          ],
        },
        {
          heading: 'Feedback and enforcement',
          paragraphs: [
            `If you meet a barrier, write to ${COMPANY.email} or call ${COMPANY.phone}; we answer within 5 working days and, where needed, provide the content in an accessible form.`,
            'If our answer does not satisfy you, you may turn to the Estonian Consumer Protection and Technical Regulatory Authority (www.ttja.ee).',
          ],
        },
      ],
    },
    userterms: {
      title: 'User terms',
      description:
        'Terms for registered users and authors of Lepinguturg: the account, public profile fields, uploading templates, licence fees, the service fee and payouts.',
      updated: '01.07.2025',
      lead: 'These terms apply, in addition to the terms of use, to everyone who creates an account on Lepinguturg – especially to authors who upload templates. To use an account you accept them on the “My data” page.',
      sections: [
        {
          heading: '1. Account',
          items: [
            'An account is created with an e-mail address that you confirm with a code. Keep your password and second factor secret; actions taken through your account count as yours.',
            'Your name is always public, as it is shown with your documents. You choose yourself which other profile fields are public.',
          ],
        },
        {
          heading: '2. Uploading templates',
          items: [
            'Upload only templates whose copyright is yours or that you are allowed to distribute. A template must not contain real people’s personal data or trade secrets.',
            'Files .doc, .docx, .pdf, .txt, .rtf, .odt and .mobi up to 40 MB are allowed. To publish a document, at least one file must be processed and marked as the main one.',
            'Describe honestly under which country’s law the template was written and what it is for. We may remove a template that breaks the law, the rights of others or these terms.',
          ],
        },
        {
          heading: '3. Licence fee and service fee',
          items: [
            'You set the price of a template, up to 1000 euros; a free template earns no fee.',
            'Of each sale’s licence fee (the price without VAT) the platform keeps a 20% service fee; the rest is added to your balance.',
            'There is no registration fee and no monthly fee.',
          ],
        },
        {
          heading: '4. Payouts',
          items: [
            'You request a payout on the “My payouts” page, to a bank account (IBAN) in the SEPA area in your own name.',
            'If the accumulated licence fees are 150 euros or less, a transfer fee of 30 euros is deducted from the payout.',
            'A payout normally reaches the account within 10 working days.',
          ],
        },
        {
          heading: '5. Closing the account',
          paragraphs: [
            'You can close your account at any time by writing to us. Buyers of templates already sold keep the right to use them; we keep the data of sales and payouts for the time the Accounting Act requires.',
            NOT_LEGAL_ADVICE,
          ],
        },
      ],
    },
  },
};
