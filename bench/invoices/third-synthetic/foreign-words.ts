/**
 * What a foreign equipment supplier prints, per language and country: labels, number and date
 * styles, VAT, the reverse-charge note that replaces VAT, catalogue rows and the legal footer.
 */
import type { DatePattern, Language, MoneyStyle } from './format';

export interface Locale {
  key: 'de' | 'fr' | 'nl' | 'gb' | 'ca' | 'en-eu';
  language: Language;
  currency: 'EUR' | 'GBP' | 'CAD';
  money: MoneyStyle[];
  dates: DatePattern[];
  vatRate: number;
  labels: {
    title: string[];
    number: string[];
    date: string[];
    due: string[];
    customerNo: string[];
    order: string[];
    project: string[];
    columns: [string, string, string, string, string, string, string];
    net: string[];
    vat: Array<(rate: string) => string>;
    total: string[];
    freight: string;
    terms: string[];
    reverseCharge: string;
    page: string;
  };
  vendors: Array<{ name: string; street: string; city: string; register: string[]; bank: string[] }>;
  customers: Array<{ name: string; street: string; city: string }>;
  catalogue: Array<[string, string, number, number]>;
}

const EURO_DE: MoneyStyle = { group: '.', decimal: ',', symbol: '€', symbolAfter: true, spaced: true, negative: 'minus' };
const EURO_FR: MoneyStyle = { group: ' ', decimal: ',', symbol: '€', symbolAfter: true, spaced: true, negative: 'minus' };
const EURO_NL: MoneyStyle = { group: '.', decimal: ',', symbol: '€', symbolAfter: false, spaced: true, negative: 'minus' };
const EUR_CODE: MoneyStyle = { group: '.', decimal: ',', symbol: 'EUR', symbolAfter: true, spaced: true, negative: 'minus' };
const POUNDS: MoneyStyle = { group: ',', decimal: '.', symbol: '£', symbolAfter: false, spaced: false, negative: 'minus' };
const CANADIAN: MoneyStyle = { group: ',', decimal: '.', symbol: '$', symbolAfter: false, spaced: false, negative: 'minus' };

const GERMAN: Locale = {
  key: 'de',
  language: 'de',
  currency: 'EUR',
  money: [EURO_DE, EUR_CODE],
  dates: ['DD.MM.YYYY', 'DD.MM.YYYY', 'D. MMMM YYYY'],
  vatRate: 19,
  labels: {
    title: ['Rechnung', 'RECHNUNG'],
    number: ['Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnung Nr.'],
    date: ['Rechnungsdatum', 'Datum'],
    due: ['Fällig am', 'Zahlbar bis', 'Fälligkeitsdatum'],
    customerNo: ['Kundennummer', 'Kunden-Nr.'],
    order: ['Ihre Bestellung', 'Ihre Bestell-Nr.', 'Ihr Auftrag'],
    project: ['Projekt-Nr.', 'Bauvorhaben Nr.', 'Kommission'],
    columns: ['Pos.', 'Art.-Nr.', 'Bezeichnung', 'Menge', 'Einheit', 'Einzelpreis', 'Gesamtpreis'],
    net: ['Nettobetrag', 'Summe netto', 'Zwischensumme'],
    vat: [(rate) => `zzgl. ${rate} % MwSt.`, (rate) => `MwSt. ${rate} %`, (rate) => `USt. ${rate}%`],
    total: ['Gesamtbetrag', 'Rechnungsbetrag', 'Endbetrag'],
    freight: 'Fracht und Verpackung',
    terms: ['Zahlbar innerhalb von 14 Tagen ohne Abzug.', 'Zahlbar sofort nach Erhalt ohne Abzug.'],
    reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge, § 13b UStG).',
    page: 'Seite 1 von 1',
  },
  vendors: [
    {
      name: 'Baumaschinen Keller GmbH',
      street: 'Industriestraße 12',
      city: '85748 Garching',
      register: ['Amtsgericht München HRB 184233', 'USt-IdNr. DE 281 447 930', 'Geschäftsführer: Anton Keller'],
      bank: ['Stadtsparkasse München', 'IBAN DE44 7015 0000 0012 3456 78', 'BIC SSKMDEMMXXX'],
    },
    {
      name: 'Hydraulik Brandt & Söhne GmbH & Co. KG',
      street: 'Hafenweg 3',
      city: '28197 Bremen',
      register: ['Amtsgericht Bremen HRA 27711', 'USt-IdNr. DE 114 902 377', 'Geschäftsführer: Lena Brandt'],
      bank: ['Commerzbank Bremen', 'IBAN DE12 2904 0090 0311 2244 00', 'BIC COBADEFFXXX'],
    },
  ],
  customers: [
    { name: 'Keystone Framing GmbH', street: 'Mainzer Landstraße 210', city: '60327 Frankfurt am Main' },
    { name: 'Bluestem Bau GmbH', street: 'Am Westpark 7', city: '81373 München' },
  ],
  catalogue: [
    ['Meißel spitz 135 mm für Hydraulikhammer', 'Stk', 180, 420],
    ['Hydraulikschlauch DN16 2SN, 3,5 m', 'Stk', 40, 95],
    ['Dichtungssatz Hubzylinder', 'Satz', 60, 240],
    ['Zahn für Tieflöffel, Typ 40', 'Stk', 22, 60],
    ['Montage vor Ort, Servicetechniker', 'Std', 68, 95],
    ['Rüttelplatte 90 kg, Tagesmiete', 'Tag', 45, 90],
  ],
};

const FRENCH: Locale = {
  key: 'fr',
  language: 'fr',
  currency: 'EUR',
  money: [EURO_FR],
  dates: ['DD/MM/YYYY', 'DD/MM/YYYY', 'D MMMM YYYY'],
  vatRate: 20,
  labels: {
    title: ['Facture', 'FACTURE'],
    number: ['N° de facture', 'Facture n°', 'Numéro de facture'],
    date: ['Date de facture', 'Date'],
    due: ["Date d'échéance", 'Échéance'],
    customerNo: ['Code client', 'N° client'],
    order: ['Votre commande', 'Votre référence', 'Bon de commande'],
    project: ['Chantier n°', 'Projet'],
    columns: ['Ligne', 'Réf.', 'Désignation', 'Qté', 'Unité', 'P.U. HT', 'Montant HT'],
    net: ['Total HT', 'Montant HT'],
    vat: [(rate) => `TVA ${rate} %`, (rate) => `TVA (${rate}%)`],
    total: ['Total TTC', 'Net à payer'],
    freight: 'Frais de port',
    terms: ['Paiement à 30 jours fin de mois.', 'Pénalités de retard : 3 fois le taux légal. Indemnité forfaitaire de recouvrement : 40 €.'],
    reverseCharge: 'Autoliquidation - TVA due par le preneur (art. 283-2 du CGI).',
    page: 'Page 1/1',
  },
  vendors: [
    {
      name: 'Équipements Lavoie SARL',
      street: '14 rue des Forges',
      city: '69007 Lyon',
      register: ['SARL au capital de 50 000 €', 'RCS Lyon 812 345 678', 'TVA intracommunautaire FR12 812345678'],
      bank: ['Banque Populaire AURA', 'IBAN FR76 1680 7000 1234 5678 9012 345', 'BIC CCBPFRPPGRE'],
    },
    {
      name: 'Outillage Moreau SAS',
      street: '3 avenue de la Gare',
      city: '44000 Nantes',
      register: ['SAS au capital de 120 000 €', 'RCS Nantes 533 218 904', 'SIRET 533 218 904 00027'],
      bank: ['Crédit Agricole Atlantique Vendée', 'IBAN FR76 1470 6000 3300 1122 3344 556', 'BIC AGRIFRPP847'],
    },
  ],
  customers: [
    { name: 'Sandoval & Pike France SAS', street: '22 quai Perrache', city: '69002 Lyon' },
    { name: 'Harbor Ridge Construction SARL', street: '5 boulevard Vincent Gâche', city: '44200 Nantes' },
  ],
  catalogue: [
    ['Dent de godet type 40', 'pce', 22, 60],
    ['Flexible hydraulique 3/4" 2,5 m', 'pce', 45, 110],
    ['Kit joints vérin de levage', 'kit', 70, 260],
    ["Main-d'œuvre technicien", 'h', 58, 85],
    ['Déplacement forfaitaire', 'forfait', 60, 140],
    ['Lame de coupe acier 900 mm', 'pce', 150, 380],
  ],
};

const DUTCH: Locale = {
  key: 'nl',
  language: 'nl',
  currency: 'EUR',
  money: [EURO_NL],
  dates: ['DD-MM-YYYY', 'DD-MM-YYYY', 'D MMMM YYYY'],
  vatRate: 21,
  labels: {
    title: ['Factuur', 'FACTUUR'],
    number: ['Factuurnummer', 'Factuurnr.'],
    date: ['Factuurdatum', 'Datum'],
    due: ['Vervaldatum', 'Te betalen voor'],
    customerNo: ['Klantnummer', 'Debiteurnr.'],
    order: ['Uw referentie', 'Uw ordernummer'],
    project: ['Projectnummer', 'Project'],
    columns: ['Regel', 'Art.nr.', 'Omschrijving', 'Aantal', 'Eenheid', 'Prijs', 'Bedrag'],
    net: ['Subtotaal', 'Totaal excl. BTW'],
    vat: [(rate) => `BTW ${rate}%`, (rate) => `${rate}% BTW`],
    total: ['Totaal', 'Totaal incl. BTW', 'Te betalen'],
    freight: 'Verzendkosten',
    terms: ['Betaling binnen 30 dagen na factuurdatum.', 'Gelieve het bedrag binnen 14 dagen over te maken onder vermelding van het factuurnummer.'],
    reverseCharge: 'BTW verlegd naar afnemer (art. 12 lid 3 Wet OB).',
    page: 'Pagina 1 van 1',
  },
  vendors: [
    {
      name: 'Hydrauliek Van Dam B.V.',
      street: 'Havenstraat 41',
      city: '3115 HC Schiedam',
      register: ['KvK 24312877', 'BTW NL8123.45.678.B01'],
      bank: ['ING Bank', 'IBAN NL91 INGB 0001 2345 67', 'BIC INGBNL2A'],
    },
    {
      name: 'Bouwmaterieel De Groot B.V.',
      street: 'Industrieweg 8',
      city: '5145 PD Waalwijk',
      register: ['KvK 18044921', 'BTW NL8044.92.101.B01'],
      bank: ['Rabobank', 'IBAN NL20 RABO 0301 2233 44', 'BIC RABONL2U'],
    },
  ],
  customers: [
    { name: 'Harbor Ridge Bouw B.V.', street: 'Stationsplein 45', city: '3013 AK Rotterdam' },
    { name: 'Cascade Installatietechniek B.V.', street: 'Lange Voorhout 9', city: '2514 EA Den Haag' },
  ],
  catalogue: [
    ['Graaftand type 40 voor dieplepel', 'st', 22, 60],
    ['Hydraulische slang 3/4" 2,5 m', 'st', 45, 110],
    ['Afdichtingsset hefcilinder', 'set', 70, 250],
    ['Arbeidsloon monteur', 'uur', 55, 82],
    ['Voorrijkosten', 'forfait', 45, 95],
    ['Trilplaat 90 kg, huur per dag', 'dag', 40, 85],
  ],
};

const BRITISH: Locale = {
  key: 'gb',
  language: 'en',
  currency: 'GBP',
  money: [POUNDS],
  dates: ['DD/MM/YYYY', 'D MMM YYYY', 'DD/MM/YYYY'],
  vatRate: 20,
  labels: {
    title: ['VAT Invoice', 'INVOICE', 'Tax Invoice'],
    number: ['Invoice No.', 'Invoice Number'],
    date: ['Invoice Date', 'Date / Tax Point', 'Tax Point'],
    due: ['Payment Due', 'Due Date'],
    customerNo: ['Account Ref', 'Customer Account'],
    order: ['Your Order Ref', 'Customer PO'],
    project: ['Site / Job No.', 'Contract No.'],
    columns: ['Line', 'Code', 'Description', 'Qty', 'Unit', 'Unit Price', 'Net'],
    net: ['Net Total', 'Sub Total', 'Goods Total'],
    vat: [(rate) => `VAT @ ${rate}%`, (rate) => `VAT ${rate}%`],
    total: ['Invoice Total', 'Total GBP', 'TOTAL'],
    freight: 'Carriage',
    terms: ['Payment terms: 30 days from date of invoice.', 'Strictly 30 days net. Title to goods remains with us until paid in full.'],
    reverseCharge: 'Reverse charge: customer to account to HMRC for the VAT (domestic reverse charge for construction services).',
    page: 'Page 1 of 1',
  },
  vendors: [
    {
      name: 'Pennine Plant Spares Ltd',
      street: 'Unit 4, Kingsway Business Park',
      city: 'Rochdale OL16 4NW',
      register: [
        'Registered in England & Wales No. 04512345',
        'Registered office: Unit 4, Kingsway Business Park, Rochdale OL16 4NW',
        'VAT Reg No. GB 123 4567 89',
      ],
      bank: ['Barclays Bank plc', 'Sort code 20-45-77', 'Account 53118842'],
    },
    {
      name: 'Thames Valley Hydraulics Limited',
      street: '18 Station Road',
      city: 'Reading RG1 1LX',
      register: ['Company No. 07788120', 'VAT No. GB 288 9104 12'],
      bank: ['Lloyds Bank', 'Sort code 30-94-12', 'Account 22045519'],
    },
  ],
  customers: [
    { name: 'Keystone Framing (UK) Ltd', street: '40 Victoria Street', city: 'Manchester M3 1ST' },
    { name: 'Oakmont Design-Build UK Ltd', street: '2 Temple Back East', city: 'Bristol BS1 6EG' },
  ],
  catalogue: [
    ['Breaker point 135mm moil', 'EA', 150, 360],
    ['Hydraulic hose 3/4in x 2.5m c/w fittings', 'EA', 38, 95],
    ['Cylinder seal kit - boom', 'KIT', 60, 220],
    ['Fitter labour', 'HR', 48, 72],
    ['Bucket tooth, style 40', 'EA', 18, 52],
  ],
};

const CANADA: Locale = {
  key: 'ca',
  language: 'en',
  currency: 'CAD',
  money: [CANADIAN],
  dates: ['YYYY-MM-DD', 'MMM D, YYYY', 'MMMM D, YYYY'],
  vatRate: 13,
  labels: {
    title: ['INVOICE', 'Invoice'],
    number: ['Invoice #', 'Invoice No.'],
    date: ['Date', 'Invoice Date'],
    due: ['Due Date', 'Payment Due'],
    customerNo: ['Customer #', 'Account No.'],
    order: ['PO #', 'Customer PO'],
    project: ['Job #', 'Project'],
    columns: ['Ln', 'Part #', 'Description', 'Qty', 'UOM', 'Unit Price', 'Ext. Price'],
    net: ['Subtotal', 'Sub-total'],
    vat: [(rate) => `HST ${rate}%`, (rate) => `HST (${rate}%) #81234 5678 RT0001`],
    total: ['Total CAD', 'TOTAL (CAD)', 'Invoice Total (CAD)'],
    freight: 'Freight',
    terms: ['Terms: Net 30 days. 2% per month charged on overdue accounts.', 'All amounts in Canadian dollars.'],
    reverseCharge: 'Zero-rated export: HST not charged.',
    page: 'Page 1 of 1',
  },
  vendors: [
    {
      name: 'Northshore Equipment Ltd.',
      street: '2250 Industrial Pkwy S',
      city: 'Aurora, ON L4G 3V2',
      register: ['GST/HST Registration No. 81234 5678 RT0001', 'Ontario Corporation No. 2291104'],
      bank: ['Royal Bank of Canada', 'Transit 04512 Inst. 003', 'Account 1022871'],
    },
    {
      name: 'Laurentian Hydraulic Supply Inc.',
      street: '88 Boul. Industriel',
      city: 'Gatineau, QC J8R 3N6',
      register: ['GST/HST No. 77120 4415 RT0001'],
      bank: ['Desjardins', 'Transit 30045 Inst. 815', 'Account 0071229'],
    },
  ],
  customers: [
    { name: 'Cascade Mechanical Canada Inc.', street: '300 Bay St, Suite 1200', city: 'Toronto, ON M5H 2Y2' },
    { name: 'Pinecrest Site Works (Ontario) Ltd.', street: '45 Quarry Rd', city: 'Barrie, ON L4N 9B2' },
  ],
  catalogue: [
    ['Bucket tooth, style 40', 'EA', 22, 60],
    ['Hydraulic hose assembly 3/4" x 8 ft', 'EA', 48, 120],
    ['Seal kit, boom cylinder', 'KIT', 80, 260],
    ['Field service labour', 'HR', 95, 140],
    ['Cutting edge, 96 in bolt-on', 'EA', 260, 640],
  ],
};

/** A German supplier writing in English: English labels, German numbers and dates. */
const ENGLISH_EU: Locale = {
  ...GERMAN,
  key: 'en-eu',
  language: 'en',
  money: [EURO_DE, EUR_CODE],
  dates: ['DD.MM.YYYY'],
  labels: {
    ...BRITISH.labels,
    title: ['Invoice', 'INVOICE'],
    number: ['Invoice no.', 'Invoice number'],
    date: ['Invoice date', 'Date'],
    due: ['Due date', 'Payable until'],
    customerNo: ['Customer no.'],
    order: ['Your order', 'Your order no.'],
    project: ['Project no.', 'Site'],
    columns: ['Pos.', 'Item no.', 'Description', 'Qty', 'Unit', 'Unit price', 'Amount'],
    net: ['Net amount', 'Subtotal'],
    vat: [(rate) => `VAT ${rate} %`, (rate) => `plus ${rate} % VAT`],
    total: ['Total amount', 'Invoice total'],
    freight: 'Freight and packing',
    terms: ['Payable within 14 days without deduction.'],
    reverseCharge: 'Tax liability of the recipient (reverse charge, Art. 196 Directive 2006/112/EC).',
    page: 'Page 1 of 1',
  },
  catalogue: [
    ['Breaker chisel pointed 135 mm', 'pc', 180, 420],
    ['Hydraulic hose DN16 2SN, 3.5 m', 'pc', 40, 95],
    ['Seal kit lift cylinder', 'set', 60, 240],
    ['On-site installation, service technician', 'h', 68, 95],
  ],
};

export const LOCALES: Locale[] = [GERMAN, FRENCH, DUTCH, BRITISH, CANADA, ENGLISH_EU];
