import { describe, expect, it } from 'vitest';
import {
  compactName,
  editDistance,
  emailDomain,
  foldOcrConfusions,
  normalizeVendorName,
  phoneDigits,
  streetKey,
  tokenOverlap,
  tokenSimilarity,
  trigramSimilarity,
  vendorNameTokens,
} from './vendor-names';

describe('normalizeVendorName', () => {
  it.each([
    ['Hendricks Lumber & Supply Co.', 'hendricks lumber and supply'],
    ['HENDRICKS LUMBER AND SUPPLY COMPANY', 'hendricks lumber and supply'],
    ['Gulf Coast Ready Mix, LLC', 'gulf coast ready mix'],
    ['Gulf Coast Ready Mix L.L.C.', 'gulf coast ready mix'],
    ['A-1 Equipment Rental Inc', 'a 1 equipment rental'],
    ['The Home Depot', 'home depot'],
    ["O'Brien Bros. Electric Corp", 'obrien brothers electric'],
    ['Smith Mfg Co Inc', 'smith manufacturing'],
    ['  Ábaco   Concrete GmbH ', 'abaco concrete'],
    ['ABC Supply Co. of Texas', 'abc supply co of texas'],
    ['Acme Sup', 'acme supply'],
  ])('%s -> %s', (name, expected) => {
    expect(normalizeVendorName(name)).toBe(expected);
  });

  it('keeps a name that is only a legal form rather than emptying it, and empties punctuation', () => {
    expect(normalizeVendorName('The Company')).toBe('the company');
    expect(normalizeVendorName('Inc.')).toBe('inc');
    expect(normalizeVendorName(' -- ')).toBe('');
  });
});

describe('token helpers', () => {
  it('splits and compacts', () => {
    expect(vendorNameTokens('abc supply of texas')).toEqual(['abc', 'supply', 'of', 'texas']);
    expect(compactName('a 1 equipment')).toBe('a1equipment');
  });

  it('folds OCR look-alikes the same way on both sides', () => {
    expect(foldOcrConfusions('supp1y')).toBe(foldOcrConfusions('supply'));
    expect(foldOcrConfusions('harnmer')).toBe(foldOcrConfusions('hammer'));
    expect(foldOcrConfusions('c0ncrete')).toBe(foldOcrConfusions('concrete'));
  });

  it('scores tokens: equal, OCR-alike, abbreviated, a letter off, unrelated', () => {
    expect(tokenSimilarity('lumber', 'lumber')).toBe(1);
    expect(tokenSimilarity('1umber', 'lumber')).toBe(0.95);
    expect(tokenSimilarity('hend', 'hendricks')).toBe(0.85);
    expect(tokenSimilarity('hendriks', 'hendricks')).toBeGreaterThan(0.75);
    expect(tokenSimilarity('lumber', 'plumbing')).toBe(0);
    expect(editDistance('ab', 'ba')).toBe(1);
  });

  it('lowers the overlap for extra words on either side', () => {
    const exact = tokenOverlap(['abc', 'supply'], ['abc', 'supply']);
    const longer = tokenOverlap(['abc', 'supply'], ['abc', 'supply', 'of', 'texas']);
    expect(exact).toBe(1);
    expect(longer).toBeLessThan(0.9);
    expect(longer).toBeGreaterThan(0.6);
    expect(tokenOverlap([], ['abc'])).toBe(0);
  });

  it('computes trigram similarity like pg_trgm', () => {
    expect(trigramSimilarity('word', 'word')).toBe(1);
    // pg_trgm: similarity('word', 'two words') = 0.36363637
    expect(trigramSimilarity('word', 'two words')).toBeCloseTo(0.3636, 3);
  });
});

describe('contact helpers', () => {
  it('keeps the last ten phone digits', () => {
    expect(phoneDigits('+1 (713) 555-0142')).toBe('7135550142');
    expect(phoneDigits('713.555.0142 ext')).toBe('7135550142');
    expect(phoneDigits('555')).toBeNull();
    expect(phoneDigits(null)).toBeNull();
  });

  it('takes e-mail domains but not webmail', () => {
    expect(emailDomain('AP@Hendricks-Lumber.com')).toBe('hendricks-lumber.com');
    expect(emailDomain('billing@gmail.com')).toBeNull();
    expect(emailDomain('someone@yahoo.com')).toBeNull();
    expect(emailDomain('not an email')).toBeNull();
  });

  it('finds the street number and name', () => {
    expect(streetKey('1200 Industrial Blvd, Suite 4, Houston, TX 77002')).toBe('1200 industrial');
    expect(streetKey('PO Box 55, 88 N. Main St')).toBe('88 main');
    expect(streetKey('Houston, TX')).toBeNull();
  });
});
