import { useIntl } from 'react-intl';
import { NavLink, useParams } from 'react-router';
import styled from 'styled-components';
import type { profileChangeMachine } from '../../../machines/profileChange.machine';
import { countryCodes } from '../../../schemas/onboarding.schema';
import type { CompanyProfile } from '../../../schemas/profile.schema';
import type { ProfileServices } from '../../app/profileActors';
import { bankDateText } from '../../i18n/formatDate';
import { Figures } from '../../ui/Blocks';
import { NotFoundScreen } from '../NotFoundScreen';
import { itemName } from '../../ui/stepForm';
import { BillingScreen } from './BillingScreen';
import { profileMessages as m } from './profileMessages';
import { CompanyLegalEditor, RepresentativeIdentityEditor } from './LegalEditors';
import { addressText, ProfileServicesContext, useProfileServices, useReference } from './profileParts';
import {
  AboutUsPage,
  CompanyDetailsPage,
  CompanyStructurePage,
  DocumentsPage,
  LogoSection,
  RepresentativeContactForm,
} from './ProfilePages';
import { ReviewedDetails, type ReviewedDetailsProps } from './ReviewedDetails';

/** SPEC §2 /profile/:page? child pages, in the order the profile menu lists them. */
export const profilePages = [
  'company-information',
  'company-details',
  'company-structure',
  'documents',
  'representative',
  'billing',
  'about-us',
] as const;
export type ProfilePage = (typeof profilePages)[number];

const pageTitles = {
  'company-information': m.companyInformation,
  'company-details': m.companyDetails,
  'company-structure': m.companyStructure,
  documents: m.documents,
  representative: m.representative,
  billing: m.billing,
  'about-us': m.aboutUs,
} as const;

const Menu = styled.nav`
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)} 0`};
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: inline-block;
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: 8px;
    font-weight: 600;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

function ProfileMenu() {
  const intl = useIntl();
  return (
    <Menu aria-label={intl.formatMessage(m.navLabel)}>
      <ul>
        {profilePages.map((page) => (
          <li key={page}>
            <NavLink to={`/profile/${page}`}>{intl.formatMessage(pageTitles[page])}</NavLink>
          </li>
        ))}
      </ul>
    </Menu>
  );
}

function CompanyLegalView({ profile }: { profile: CompanyProfile }) {
  const intl = useIntl();
  const reference = useReference();
  const company = profile.company;
  if (!company) return null;
  const none = intl.formatMessage(m.notProvided);
  return (
    <Figures>
      <dt>{intl.formatMessage(m.legalName)}</dt>
      <dd>{company.name}</dd>
      <dt>{intl.formatMessage(m.tradingName)}</dt>
      <dd>{company.commercial_name || none}</dd>
      <dt>{intl.formatMessage(m.legalForm)}</dt>
      <dd>{itemName(intl, reference.legalForms, company.legal_form)}</dd>
      <dt>{intl.formatMessage(m.country)}</dt>
      <dd>{itemName(intl, reference.countries, company.country_of_registration)}</dd>
      <dt>{intl.formatMessage(m.registrationNumber)}</dt>
      <dd>{company.registration_number}</dd>
      <dt>{intl.formatMessage(m.vatNumber)}</dt>
      <dd>{company.vat_number}</dd>
      <dt>{intl.formatMessage(m.ticNumber)}</dt>
      <dd>{company.tic_number}</dd>
      <dt>{intl.formatMessage(m.registeredAddress)}</dt>
      <dd>{addressText(intl, reference, company.registered_address)}</dd>
    </Figures>
  );
}

const companyPage: Omit<ReviewedDetailsProps, 'logic' | 'inspect'> = {
  kind: 'company',
  title: m.companyInformation,
  intro: m.legalIntro,
  editLabel: m.edit,
  hasData: (profile) => profile.company !== null,
  view: (profile) => <CompanyLegalView profile={profile} />,
  editor: CompanyLegalEditor,
  children: (profile) => <LogoSection profile={profile} />,
};

function RepresentativeView({ profile }: { profile: CompanyProfile }) {
  const intl = useIntl();
  const reference = useReference();
  const person = profile.representative;
  if (!person) return null;
  return (
    <Figures>
      <dt>{intl.formatMessage(m.firstName)}</dt>
      <dd>{person.first_name}</dd>
      <dt>{intl.formatMessage(m.lastName)}</dt>
      <dd>{person.last_name}</dd>
      <dt>{intl.formatMessage(m.dateOfBirth)}</dt>
      <dd>{bankDateText(intl, `${person.date_of_birth}T12:00:00Z`)}</dd>
      <dt>{intl.formatMessage(m.citizenship)}</dt>
      <dd>
        {countryCodes.includes(person.citizenship)
          ? itemName(intl, reference.countries, person.citizenship)
          : person.citizenship}
      </dd>
    </Figures>
  );
}

const representativePage: Omit<ReviewedDetailsProps, 'logic' | 'inspect'> = {
  kind: 'representative',
  title: m.representative,
  intro: m.representativeIntro,
  editLabel: m.editIdentity,
  hasData: (profile) => profile.representative !== null,
  view: (profile) => <RepresentativeView profile={profile} />,
  editor: RepresentativeIdentityEditor,
  children: (profile) => <RepresentativeContactForm profile={profile} />,
};

export type ProfileScreenProps = {
  /** Tests provide the profile calls and the review journey's effects. */
  services?: ProfileServices;
  logic?: typeof profileChangeMachine;
  inspect?: ReviewedDetailsProps['inspect'];
};

function ProfilePageView({ page, logic, inspect }: { page: ProfilePage } & ProfileScreenProps) {
  const journey = { ...(logic ? { logic } : {}), ...(inspect ? { inspect } : {}) };
  switch (page) {
    case 'company-information':
      return <ReviewedDetails key={page} {...companyPage} {...journey} />;
    case 'representative':
      return <ReviewedDetails key={page} {...representativePage} {...journey} />;
    case 'company-details':
      return <CompanyDetailsPage />;
    case 'company-structure':
      return <CompanyStructurePage {...journey} />;
    case 'documents':
      return <DocumentsPage />;
    case 'billing':
      return <BillingScreen />;
    case 'about-us':
      return <AboutUsPage />;
  }
}

const isProfilePage = (value: string): value is ProfilePage =>
  (profilePages as readonly string[]).includes(value);

/**
 * SPEC §2 /profile/:page? (guarded as "profile and its children", SPEC §6): a menu of the child pages and the one the
 * address names; without one, company information.
 */
export function ProfileScreen({ services, logic, inspect }: ProfileScreenProps) {
  const { page = 'company-information' } = useParams();
  const fallback = useProfileServices();
  if (!isProfilePage(page)) return <NotFoundScreen />;
  return (
    <ProfileServicesContext.Provider value={services ?? fallback}>
      <ProfileMenu />
      <ProfilePageView page={page} logic={logic} inspect={inspect} />
    </ProfileServicesContext.Provider>
  );
}

export default ProfileScreen;
