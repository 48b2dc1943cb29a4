/** OASIS UBL 2.1 Invoice and CreditNote, as XRechnung UBL and Peppol BIS send them. */
import type { EInvoiceFields, EInvoiceLine } from './e-invoice-fields';
import { CREDIT_NOTE_TYPE_CODES, isFreightLabel, isoDate, joinAddress } from './e-invoice-fields';
import { at, attribute, child, children, decimal, decimalAt, textAt, type XmlNode } from './xml-tree';

export function readUbl(root: XmlNode): EInvoiceFields | null {
  const totals = child(root, 'LegalMonetaryTotal');
  const invoiceNumber = textAt(root, 'ID');
  if (!totals || !invoiceNumber) return null;
  const currency = textAt(root, 'DocumentCurrencyCode');
  const seller = at(root, 'AccountingSupplierParty', 'Party');
  const charges = readCharges(root);

  return {
    vendor: textAt(seller, 'PartyLegalEntity', 'RegistrationName') ?? textAt(seller, 'PartyName', 'Name'),
    contact: readContact(seller),
    invoiceNumber,
    invoiceDate: isoDate(textAt(root, 'IssueDate')),
    dueDate: isoDate(textAt(root, 'DueDate')) ?? firstPaymentDueDate(root),
    total: decimalAt(totals, 'TaxInclusiveAmount'),
    subtotal: decimalAt(totals, 'LineExtensionAmount'),
    tax: taxInCurrency(root, currency),
    freight: charges.freight,
    chargesLessAllowances:
      (decimalAt(totals, 'ChargeTotalAmount') ?? charges.charges) - (decimalAt(totals, 'AllowanceTotalAmount') ?? charges.allowances),
    currency,
    reference: textAt(root, 'OrderReference', 'ID'),
    jobNumber: textAt(root, 'ProjectReference', 'ID'),
    lines: children(root, 'InvoiceLine', 'CreditNoteLine').flatMap((line) => readLine(line) ?? []),
    creditNote: children(root, 'CreditNoteLine').length > 0 || CREDIT_NOTE_TYPE_CODES.has(textAt(root, 'CreditNoteTypeCode') ?? ''),
  };
}

function readLine(line: XmlNode): EInvoiceLine | null {
  const amount = decimalAt(line, 'LineExtensionAmount');
  const item = child(line, 'Item');
  if (amount === null || !item) return null;
  return {
    id: textAt(item, 'SellersItemIdentification', 'ID') ?? textAt(item, 'StandardItemIdentification', 'ID'),
    description: textAt(item, 'Name') ?? textAt(item, 'Description') ?? '',
    quantity: decimalAt(line, 'InvoicedQuantity|CreditedQuantity'),
    unitPrice: decimalAt(line, 'Price', 'PriceAmount'),
    amount,
  };
}

function readContact(seller: XmlNode | null): EInvoiceFields['contact'] {
  const address = child(seller, 'PostalAddress');
  const postcode = textAt(address, 'PostalZone');
  const city = textAt(address, 'CityName');
  return {
    address: joinAddress([
      textAt(address, 'StreetName'),
      textAt(address, 'AdditionalStreetName'),
      ...children(address, 'AddressLine').map((line) => textAt(line, 'Line')),
      [postcode, city].filter(Boolean).join(' ') || null,
      textAt(address, 'CountrySubentity'),
      textAt(address, 'Country', 'IdentificationCode'),
    ]),
    phone: textAt(seller, 'Contact', 'Telephone') ?? undefined,
    email: textAt(seller, 'Contact', 'ElectronicMail') ?? undefined,
  };
}

/** UBL may repeat TaxTotal when VAT is also stated in an accounting currency (BT-111). */
function taxInCurrency(root: XmlNode, currency: string | null): number | null {
  const amounts = children(root, 'TaxTotal').map((total) => child(total, 'TaxAmount'));
  const pick =
    amounts.find((amount) => currency !== null && attribute(amount, 'currencyID') === currency) ?? amounts.find((amount) => amount !== null);
  return decimal(pick);
}

function firstPaymentDueDate(root: XmlNode): string | null {
  for (const means of children(root, 'PaymentMeans')) {
    const due = isoDate(textAt(means, 'PaymentDueDate'));
    if (due) return due;
  }
  return null;
}

function readCharges(root: XmlNode): { freight: number | null; charges: number; allowances: number } {
  let freight: number | null = null;
  let charges = 0;
  let allowances = 0;
  for (const entry of children(root, 'AllowanceCharge')) {
    const amount = decimalAt(entry, 'Amount');
    if (amount === null) continue;
    if (textAt(entry, 'ChargeIndicator') !== 'true') {
      allowances += amount;
      continue;
    }
    charges += amount;
    const label = [textAt(entry, 'AllowanceChargeReason'), textAt(entry, 'AllowanceChargeReasonCode')].filter(Boolean).join(' ');
    if (isFreightLabel(label)) freight = (freight ?? 0) + amount;
  }
  return { freight, charges, allowances };
}
