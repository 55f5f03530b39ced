/** One section of a static page; `id` makes it a link target (#mission, #vision). */
export interface PageSection {
  id?: string;
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

export interface TeamMember {
  name: string;
  role: string;
  text: string;
}

/** A static page's texts in one language: its heading, meta description and body. */
export interface PageContent {
  title: string;
  description: string;
  lead?: string;
  sections: readonly PageSection[];
  /** The date the text was last changed, DD.MM.YYYY (legal pages). */
  updated?: string;
}

export type StaticPageName =
  'contacts' | 'team' | 'missionvision' | 'termsofuse' | 'privacypolicy' | 'accessibility' | 'userterms';

export interface SiteContent {
  pages: Record<StaticPageName, PageContent>;
  team: readonly TeamMember[];
  labels: {
    registryCode: string;
    vatNumber: string;
    address: string;
    email: string;
    phone: string;
    privacyEmail: string;
    updated: string;
    contents: string;
  };
}
