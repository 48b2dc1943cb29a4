import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { asPosted } from '../../bench/invoices/matching';
import { parseEInvoiceXml } from './e-invoice-xml';
import type { ExtractedInvoice } from './types';

const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument>
    <ram:ID>INV-2417-88</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20251103</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:SpecifiedTradeProduct><ram:SellerAssignedID>RM-4000</ram:SellerAssignedID><ram:Name>4000 PSI
        concrete mix</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>150.00</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="YDQ">10</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>1500.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Gulf Coast   Ready Mix &amp; Supply, LLC</ram:Name>
        <ram:DefinedTradeContact><ram:TelephoneUniversalCommunication><ram:CompleteNumber>(713) 555-0142</ram:CompleteNumber></ram:TelephoneUniversalCommunication></ram:DefinedTradeContact>
        <ram:PostalTradeAddress><ram:PostcodeCode>77002</ram:PostcodeCode><ram:LineOne>1200 Industrial Blvd</ram:LineOne><ram:CityName>Houston</ram:CityName><ram:CountryID>US</ram:CountryID></ram:PostalTradeAddress>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Summit Ridge Builders</ram:Name></ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-5521</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>
      <ram:SpecifiedProcuringProject><ram:ID>2417</ram:ID><ram:Name>Riverside Medical</ram:Name></ram:SpecifiedProcuringProject>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>USD</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeAllowanceCharge>
        <ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></ram:ChargeIndicator>
        <ram:ActualAmount>85.00</ram:ActualAmount><ram:Reason>Delivery</ram:Reason>
      </ram:SpecifiedTradeAllowanceCharge>
      <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20251203</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>1500.00</ram:LineTotalAmount>
        <ram:ChargeTotalAmount>85.00</ram:ChargeTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">112.00</ram:TaxTotalAmount>
        <ram:TaxTotalAmount currencyID="USD">130.76</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>1715.76</ram:GrandTotalAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

const ZUGFERD_1 = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:HeaderExchangedDocument><ram:ID>R-1001</ram:ID>
    <ram:IssueDateTime><udt:DateTimeString format="102">20130806</udt:DateTimeString></ram:IssueDateTime>
  </rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Musterlieferant GmbH</ram:Name></ram:SellerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:ID>B123456789</ram:ID></ram:BuyerOrderReferencedDocument>
    </ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:LineTotalAmount currencyID="EUR">20.00</ram:LineTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">3.80</ram:TaxTotalAmount>
        <ram:GrandTotalAmount currencyID="EUR">23.80</ram:GrandTotalAmount>
      </ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:IncludedNote><ram:Content>Delivery note only</ram:Content></ram:IncludedNote></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedSupplyChainTradeSettlement />
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:SpecifiedSupplyChainTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>2.0000</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedSupplyChainTradeAgreement>
      <ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="C62">10.0000</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>
      <ram:SpecifiedSupplyChainTradeSettlement><ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount>20.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>
      <ram:SpecifiedTradeProduct><ram:GlobalID schemeID="0088">4123456000014</ram:GlobalID><ram:Name>Anchor bolts</ram:Name></ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>`;

const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>UBL-77</cbc:ID><cbc:IssueDate>2025-11-03</cbc:IssueDate><cbc:DueDate>2025-12-03</cbc:DueDate>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:OrderReference><cbc:ID>PO 88</cbc:ID></cac:OrderReference>
  <cac:ProjectReference><cbc:ID>24-118</cbc:ID></cac:ProjectReference>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyName><cbc:Name>Trade name</cbc:Name></cac:PartyName>
    <cac:PostalAddress><cbc:StreetName>Hauptstr. 1</cbc:StreetName><cbc:CityName>Berlin</cbc:CityName><cbc:PostalZone>10115</cbc:PostalZone><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyLegalEntity><cbc:RegistrationName>Baustoffe Nord GmbH</cbc:RegistrationName></cac:PartyLegalEntity>
    <cac:Contact><cbc:ElectronicMail>rechnung@example.de</cbc:ElectronicMail></cac:Contact>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">19.00</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">119.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">119.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="H87">4</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Rebar #5</cbc:Name><cac:SellersItemIdentification><cbc:ID>RB5</cbc:ID></cac:SellersItemIdentification></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">25.00</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</Invoice>`;

const values = (invoice: ExtractedInvoice | null) =>
  invoice && {
    vendor: invoice.vendor?.value ?? null,
    invoiceNumber: invoice.invoiceNumber?.value ?? null,
    invoiceDate: invoice.invoiceDate?.value ?? null,
    dueDate: invoice.dueDate?.value ?? null,
    totalAmount: invoice.totalAmount?.value ?? null,
    subtotal: invoice.subtotal?.value ?? null,
    taxAmount: invoice.taxAmount?.value ?? null,
    freightAmount: invoice.freightAmount?.value ?? null,
    reference: invoice.reference?.value ?? null,
    jobNumber: invoice.jobNumber?.value ?? null,
    currency: invoice.currency,
  };

describe('parseEInvoiceXml', () => {
  it('reads a CII invoice, taking the tax in the invoice currency and freight from a labelled charge', () => {
    const invoice = parseEInvoiceXml(CII);
    expect(values(invoice)).toEqual({
      vendor: 'Gulf Coast Ready Mix & Supply, LLC',
      invoiceNumber: 'INV-2417-88',
      invoiceDate: '2025-11-03',
      dueDate: '2025-12-03',
      totalAmount: 1715.76,
      subtotal: 1500,
      taxAmount: 130.76,
      freightAmount: 85,
      reference: 'PO-5521',
      jobNumber: '2417',
      currency: 'USD',
    });
    expect(invoice!.vendorContact).toEqual({ address: '1200 Industrial Blvd, 77002 Houston, US', phone: '(713) 555-0142' });
    expect(invoice!.lineItems).toEqual([
      { id: 'RM-4000', description: '4000 PSI concrete mix', quantity: 10, unitPrice: 150, amount: 1500, region: null },
    ]);
    expect(invoice).toMatchObject({ method: 'xml', pages: [1], vendor: { confidence: 0.99, region: null } });
    expect(invoice!.checks).toEqual([
      expect.objectContaining({ code: 'totals_tie_out', passed: true }),
      expect.objectContaining({ code: 'dates_in_order', passed: true }),
    ]);
  });

  it('reads a ZUGFeRD 1.0 document and leaves out its text-only lines', () => {
    const invoice = parseEInvoiceXml(ZUGFERD_1);
    expect(values(invoice)).toMatchObject({
      vendor: 'Musterlieferant GmbH',
      invoiceNumber: 'R-1001',
      invoiceDate: '2013-08-06',
      reference: 'B123456789',
      totalAmount: 23.8,
      taxAmount: 3.8,
      dueDate: null,
      jobNumber: null,
    });
    expect(invoice!.lineItems).toEqual([{ id: '4123456000014', description: 'Anchor bolts', quantity: 10, unitPrice: 2, amount: 20, region: null }]);
  });

  it('reads a UBL invoice, naming the seller by its legal name', () => {
    const invoice = parseEInvoiceXml(UBL);
    expect(values(invoice)).toEqual({
      vendor: 'Baustoffe Nord GmbH',
      invoiceNumber: 'UBL-77',
      invoiceDate: '2025-11-03',
      dueDate: '2025-12-03',
      totalAmount: 119,
      subtotal: 100,
      taxAmount: 19,
      freightAmount: null,
      reference: 'PO 88',
      jobNumber: '24-118',
      currency: 'EUR',
    });
    expect(invoice!.vendorContact).toEqual({ address: 'Hauptstr. 1, 10115 Berlin, DE', email: 'rechnung@example.de' });
    expect(invoice!.lineItems).toEqual([{ id: 'RB5', description: 'Rebar #5', quantity: 4, unitPrice: 25, amount: 100, region: null }]);
  });

  it('flags a due date before the invoice date', () => {
    const invoice = parseEInvoiceXml(UBL.replace('<cbc:DueDate>2025-12-03', '<cbc:DueDate>2025-10-01'));
    expect(invoice!.checks.find((check) => check.code === 'dates_in_order')).toMatchObject({ passed: false });
  });

  it('returns null for XML that is not an invoice, and for text that is not XML', () => {
    expect(parseEInvoiceXml('<?xml version="1.0"?><note><to>Tove</to><body>Hi</body></note>')).toBeNull();
    expect(parseEInvoiceXml('<rsm:CrossIndustryInvoice xmlns:rsm="x"><rsm:Other/></rsm:CrossIndustryInvoice>')).toBeNull();
    expect(parseEInvoiceXml('%PDF-1.7 not xml at all')).toBeNull();
    expect(parseEInvoiceXml('')).toBeNull();
  });

  it('refuses documents with a DTD, so entities neither expand nor reach outside files', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>`;
    expect(parseEInvoiceXml(CII.replace('<?xml version="1.0" encoding="UTF-8"?>', laughs).replace('INV-2417-88', '&lol3;'))).toBeNull();
    const external = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>`;
    expect(parseEInvoiceXml(UBL.replace('<?xml version="1.0" encoding="UTF-8"?>', external).replace('UBL-77', '&secret;'))).toBeNull();
  });

  it('leaves undeclared entities as they are rather than expanding them', () => {
    expect(parseEInvoiceXml(UBL.replace('UBL-77', 'UBL-&foo;77'))!.invoiceNumber!.value).toBe('UBL-&foo;77');
  });

  it('refuses input over the size cap', () => {
    const padded = UBL.replace('<cbc:ID>UBL-77', `<!--${' '.repeat(5 * 1024 * 1024)}--><cbc:ID>UBL-77`);
    expect(parseEInvoiceXml(padded)).toBeNull();
  });
});

const CORPUS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus/invoices-dev');

async function attachedXml(file: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(file)), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const attachments = (await doc.getAttachments()) as Record<string, { filename: string; content: Uint8Array }> | null;
    const xml = Object.entries(attachments ?? {}).find(([name]) => name.toLowerCase().endsWith('.xml'));
    if (!xml) throw new Error(`${file} has no XML attachment`);
    return new TextDecoder().decode(xml[1].content);
  } finally {
    await doc.destroy();
  }
}

/** The corpus manifest's document type (381 for a credit note). */
function typeCode(id: string): string | undefined {
  const manifest = JSON.parse(readFileSync(path.join(CORPUS, 'index.json'), 'utf8')) as Array<{ id: string; document_type_code?: string }>;
  return manifest.find((entry) => entry.id === id)?.document_type_code;
}

describe.skipIf(!existsSync(CORPUS))('parseEInvoiceXml on the invoices-dev corpus', () => {
  // Factur-X 2.2 with a header charge, ZUGFeRD 1.0, a French credit note, a GBP invoice with tax in two currencies.
  it.each(['001', '016', '022', '030'])('matches the ground truth of %s.pdf', async (id) => {
    const truth = asPosted(JSON.parse(readFileSync(path.join(CORPUS, `${id}.json`), 'utf8')), typeCode(id));
    const invoice = parseEInvoiceXml(await attachedXml(path.join(CORPUS, `${id}.pdf`)));
    expect(values(invoice)).toMatchObject({
      vendor: truth.vendor,
      invoiceNumber: truth.invoice_number,
      invoiceDate: truth.invoice_date,
      dueDate: truth.due_date,
      totalAmount: truth.total_amount,
      taxAmount: truth.tax_amount,
      reference: truth.reference,
      currency: truth.currency,
    });
    expect(
      invoice!.lineItems.map(({ description, quantity, unitPrice, amount }) => ({ description, quantity, unit_price: unitPrice, amount })),
    ).toEqual(truth.line_items);
  });
});
