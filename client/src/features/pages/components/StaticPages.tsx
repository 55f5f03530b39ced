import { useId, type ReactNode } from 'react';
import { COMPANY } from '../../../config/company';
import { usePageMeta } from '../../../hooks/use-document-title';
import { useLanguage } from '../../../hooks/use-language';
import { EN } from '../content/en';
import { ET } from '../content/et';
import type { PageContent, PageSection, SiteContent, StaticPageName } from '../content/page-content';
import '../pages.css';
import '../../../components/card.css';

const CONTENT = { et: ET, en: EN } as const;

function useSiteContent(): SiteContent {
  return CONTENT[useLanguage()];
}

function Section({ section }: { section: PageSection }) {
  const headingId = useId();
  return (
    <section id={section.id} className="static-page__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.heading}</h2>
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.items && (
        <ul>
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A static page: heading, lead, the page's own block (contacts, team) and its sections. */
function StaticPage({
  name,
  children,
}: {
  name: StaticPageName;
  children?: (content: SiteContent) => ReactNode;
}) {
  const site = useSiteContent();
  const page: PageContent = site.pages[name];
  usePageMeta(page.title, page.description);
  return (
    <article className="page page--narrow prose static-page" data-testid={`static-page-${name}`}>
      <h1 className="page__title">{page.title}</h1>
      {page.updated && (
        <p className="static-page__updated">
          {site.labels.updated}: <time>{page.updated}</time>
        </p>
      )}
      {page.lead && <p className="static-page__lead">{page.lead}</p>}
      {children?.(site)}
      {page.sections.map((section) => (
        <Section key={section.heading} section={section} />
      ))}
    </article>
  );
}

function CompanyFacts({ site }: { site: SiteContent }) {
  const language = useLanguage();
  return (
    <dl className="facts card" data-testid="company-facts">
      <div className="facts__row">
        <dt>{site.labels.registryCode}</dt>
        <dd>
          {COMPANY.name}, {COMPANY.registryCode}
        </dd>
      </div>
      <div className="facts__row">
        <dt>{site.labels.vatNumber}</dt>
        <dd>{COMPANY.vatNumber}</dd>
      </div>
      <div className="facts__row">
        <dt>{site.labels.address}</dt>
        <dd>{COMPANY.address[language]}</dd>
      </div>
      <div className="facts__row">
        <dt>{site.labels.email}</dt>
        <dd>
          <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
        </dd>
      </div>
      <div className="facts__row">
        <dt>{site.labels.phone}</dt>
        <dd>
          <a href={`tel:${COMPANY.phone.replace(/\s/g, '')}`}>{COMPANY.phone}</a>
        </dd>
      </div>
      <div className="facts__row">
        <dt>{site.labels.privacyEmail}</dt>
        <dd>
          <a href={`mailto:${COMPANY.privacyEmail}`}>{COMPANY.privacyEmail}</a>
        </dd>
      </div>
    </dl>
  );
}

export function ContactsPage() {
  return <StaticPage name="contacts">{(site) => <CompanyFacts site={site} />}</StaticPage>;
}

export function TeamPage() {
  return (
    <StaticPage name="team">
      {(site) => (
        <ul className="team" data-testid="team">
          {site.team.map((member) => (
            <li key={member.name} className="card team__member">
              <h2 className="team__name">{member.name}</h2>
              <p className="team__role">{member.role}</p>
              <p>{member.text}</p>
            </li>
          ))}
        </ul>
      )}
    </StaticPage>
  );
}

/** Mission and vision on one page: /missioon and /visioon scroll to #mission and #vision (SPEC §2). */
export function MissionVisionPage() {
  return <StaticPage name="missionvision" />;
}

export function TermsOfUsePage() {
  return <StaticPage name="termsofuse" />;
}

export function PrivacyPolicyPage() {
  return <StaticPage name="privacypolicy" />;
}

export function AccessibilityStatementPage() {
  return <StaticPage name="accessibility" />;
}

export function UserTermsPage() {
  return <StaticPage name="userterms" />;
}
