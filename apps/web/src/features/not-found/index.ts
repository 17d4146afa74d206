export { CustomDomainRedirect, isCustomDomainRequest, customDomainCode } from './components/CustomDomainRedirect';
export { LinkNotFoundPage, LINK_NOT_FOUND_TITLE } from './pages/LinkNotFoundPage';
export { isCustomDomainHost, shortCodeFromPath, customDomainShortCode } from './lib/custom-domain';
