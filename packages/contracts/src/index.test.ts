import { describe, expect, it } from 'vitest';
import * as contracts from './index';

describe('@far/contracts public surface', () => {
  it.each([
    // validation
    'buildSchema',
    'buildFieldSchema',
    'groupSchema',
    'issueKey',
    'DEFAULT_MESSAGES',
    'tutorialSchema',
    'faqSchema',
    'legalSchema',
    'clientKindParam',
    'parseClientKind',
    // formats and money
    'formatValue',
    'formatDate',
    'formatCurrency',
    'formatPercent',
    'formatDecimal',
    'titleCase',
    'lastChars',
    'firstChars',
    'parseAmountToCents',
    'centsToDecimalString',
    // storage, password, errors
    'createStorage',
    'passwordSchema',
    'generatePassword',
    'ERROR_STATUS',
    'ERROR_MESSAGES',
    'httpStatusOf',
    'readErrorText',
    'FarError',
    // catalogues
    'STATUS_IDS',
    'STATUS_CATALOG',
    'statusName',
    'CATALOG_NAMES',
    'CATALOGS',
    'banks',
    'bankByClabePrefix',
    'SYSTEM_ROLES',
    'PERMISSION_IDS',
    // identifiers
    'validateClabe',
    'clabeCheckDigit',
    'buildClabe',
    'validateRfc',
    'rfcCheckDigit',
    'validateCurp',
    'curpCheckDigit',
    'PHONE_CODES',
    'DEFAULT_PHONE_CODE',
  ])('exports %s', (name) => {
    expect(contracts).toHaveProperty(name);
    expect((contracts as Record<string, unknown>)[name]).toBeDefined();
  });
});
