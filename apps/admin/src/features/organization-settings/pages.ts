// The organization settings pages, loaded as one chunk (organization/settings/manage-organizations).
export { GeneralSettings } from './general-settings';
export { OrganizationSettingsLayout } from './organization-settings-layout';
export { SamlSettings } from './saml-settings';
