/**
 * UN/CEFACT Cross Industry Invoice (ZUGFeRD 2.x, Factur-X, XRechnung CII) and its predecessor,
 * the ZUGFeRD 1.0 CrossIndustryDocument. The two differ mostly in element names, so each lookup
 * names both: `A|B` takes whichever is present.
 */
import type { EInvoiceFields, EInvoiceLine } from './e-invoice-fields';
import { CREDIT_NOTE_TYPE_CODES, isFreightLabel, isoDate, joinAddress } from './e-invoice-fields';
import { amountIn, at, attribute, child, children, decimalAt, text, textAt, type XmlNode } from './xml-tree';

export function readCii(root: XmlNode): EInvoiceFields | null {
  const header = child(root, 'ExchangedDocument', 'HeaderExchangedDocument');
  const transaction = child(root, 'SupplyChainTradeTransaction', 'SpecifiedSupplyChainTradeTransaction');
  if (!header || !transaction) return null;
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement', 'ApplicableSupplyChainTradeAgreement');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement', 'ApplicableSupplyChainTradeSettlement');
  const totals = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation', 'SpecifiedTradeSettlementMonetarySummation');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  const seller = child(agreement, 'SellerTradeParty');
  const order = child(agreement, 'BuyerOrderReferencedDocument');
  const charges = readHeaderCharges(settlement);

  return {
    vendor: textAt(seller, 'Name'),
    contact: readContact(seller),
    invoiceNumber: textAt(header, 'ID'),
    invoiceDate: ciiDate(at(header, 'IssueDateTime', 'DateTimeString')),
    dueDate: firstDueDate(settlement),
    total: amountIn(totals, 'GrandTotalAmount', currency),
    subtotal: amountIn(totals, 'LineTotalAmount', currency),
    tax: amountIn(totals, 'TaxTotalAmount', currency),
    freight: charges.freight,
    chargesLessAllowances:
      (amountIn(totals, 'ChargeTotalAmount', currency) ?? charges.all) - (amountIn(totals, 'AllowanceTotalAmount', currency) ?? 0),
    currency,
    reference: textAt(order, 'IssuerAssignedID') ?? textAt(order, 'ID'),
    jobNumber: textAt(agreement, 'SpecifiedProcuringProject', 'ID'),
    lines: children(transaction, 'IncludedSupplyChainTradeLineItem').flatMap((line) => readLine(line) ?? []),
    creditNote: CREDIT_NOTE_TYPE_CODES.has(textAt(header, 'TypeCode') ?? ''),
  };
}

function readLine(line: XmlNode): EInvoiceLine | null {
  const product = child(line, 'SpecifiedTradeProduct');
  const lineSettlement = child(line, 'SpecifiedLineTradeSettlement', 'SpecifiedSupplyChainTradeSettlement');
  const amount = decimalAt(
    lineSettlement,
    'SpecifiedTradeSettlementLineMonetarySummation|SpecifiedTradeSettlementMonetarySummation',
    'LineTotalAmount',
  );
  const description = textAt(product, 'Name');
  // ZUGFeRD 1.0 carries notes as line items with neither product nor amount.
  if (amount === null || (!product && description === null)) return null;
  const lineAgreement = child(line, 'SpecifiedLineTradeAgreement', 'SpecifiedSupplyChainTradeAgreement');
  const delivery = child(line, 'SpecifiedLineTradeDelivery', 'SpecifiedSupplyChainTradeDelivery');
  return {
    id: textAt(product, 'SellerAssignedID') ?? textAt(product, 'GlobalID'),
    description: description ?? textAt(product, 'Description') ?? '',
    quantity: decimalAt(delivery, 'BilledQuantity'),
    unitPrice: decimalAt(lineAgreement, 'NetPriceProductTradePrice', 'ChargeAmount'),
    amount,
  };
}

function readContact(seller: XmlNode | null): EInvoiceFields['contact'] {
  const address = at(seller, 'PostalTradeAddress');
  const contact = at(seller, 'DefinedTradeContact');
  const postcode = textAt(address, 'PostcodeCode');
  const city = textAt(address, 'CityName');
  return {
    address: joinAddress([
      textAt(address, 'LineOne'),
      textAt(address, 'LineTwo'),
      textAt(address, 'LineThree'),
      [postcode, city].filter(Boolean).join(' ') || null,
      textAt(address, 'CountrySubDivisionName'),
      textAt(address, 'CountryID'),
    ]),
    phone: textAt(contact, 'TelephoneUniversalCommunication', 'CompleteNumber') ?? undefined,
    email: textAt(contact, 'EmailURIUniversalCommunication', 'URIID') ?? textAt(seller, 'URIUniversalCommunication', 'URIID') ?? undefined,
  };
}

function firstDueDate(settlement: XmlNode | null): string | null {
  for (const terms of children(settlement, 'SpecifiedTradePaymentTerms')) {
    const due = ciiDate(at(terms, 'DueDateDateTime', 'DateTimeString'));
    if (due) return due;
  }
  return null;
}

/** Freight-like charges on the header, and the sum of all charges (for invoices without ChargeTotalAmount). */
function readHeaderCharges(settlement: XmlNode | null): { freight: number | null; all: number } {
  let freight: number | null = null;
  let all = 0;
  const add = (amount: number | null, label: string | null) => {
    if (amount === null) return;
    all += amount;
    if (isFreightLabel(label)) freight = (freight ?? 0) + amount;
  };
  for (const charge of children(settlement, 'SpecifiedTradeAllowanceCharge')) {
    if (textAt(charge, 'ChargeIndicator', 'Indicator') !== 'true') continue;
    add(decimalAt(charge, 'ActualAmount'), [textAt(charge, 'Reason'), textAt(charge, 'ReasonCode')].filter(Boolean).join(' '));
  }
  for (const service of children(settlement, 'SpecifiedLogisticsServiceCharge')) {
    // A logistics service charge is transport by definition, whatever its description says.
    add(decimalAt(service, 'AppliedAmount'), 'freight');
  }
  return { freight, all };
}

/** CII dates: format 102 (yyyymmdd) in practice; 610 (yyyymm) is taken as the 1st of the month. */
function ciiDate(node: XmlNode | null): string | null {
  const value = text(node);
  if (value === null) return null;
  const format = attribute(node, 'format');
  if (format === '610' && /^\d{6}$/.test(value)) return isoDate(`${value}01`);
  return isoDate(value);
}
