import { describe, expect, it } from 'vitest';
import { emptyForm, formFromParams, paramsFromForm, propertyConditionsOf, requestFromForm } from './conditions-config.tsx';

describe('property conditions of the search form', () => {
  const form = {
    ...emptyForm(),
    properties: {
      '12': { text: '', value_id: '', from: '2026-04-01', to: '' },
      '3': { text: ' PRJ ', value_id: '', from: '', to: '' },
      '5': { text: '', value_id: 'a1b2', from: '', to: '' },
      '7': { text: '', value_id: '', from: '1,000', to: 'ten' },
      '9': { text: '', value_id: '', from: '', to: '' },
    },
  };

  it('go through the URL and come back as typed (an empty one is dropped)', () => {
    const back = formFromParams(paramsFromForm(form));
    expect(back.properties).toEqual({
      '12': { text: '', value_id: '', from: '2026-04-01', to: '' },
      '3': { text: 'PRJ', value_id: '', from: '', to: '' },
      '5': { text: '', value_id: 'a1b2', from: '', to: '' },
      '7': { text: '', value_id: '', from: '1,000', to: 'ten' },
    });
  });

  it('are sent by item number, a date as a date, a number as its number, anything else as typed for the server to refuse', () => {
    expect(propertyConditionsOf(form).map(({ no }) => no)).toEqual(['3', '5', '7', '12']);
    expect(requestFromForm(form, 50).properties).toEqual([
      { item_no: 3, text: 'PRJ' },
      { item_no: 5, value_id: 'a1b2' },
      { item_no: 7, from: 1000, to: 'ten' },
      { item_no: 12, from: '2026-04-01' },
    ]);
    expect(requestFromForm(emptyForm(), 50).properties).toBeUndefined();
  });
});

describe('the invoice number of the search form', () => {
  it('goes through the URL and is sent as typed, for the server to normalise and check', () => {
    const form = { ...emptyForm(), invoice_number: ' Ｔ７-００００-１２０５-０００２ ' };
    expect(formFromParams(paramsFromForm(form)).invoice_number).toBe('Ｔ７-００００-１２０５-０００２');
    expect(requestFromForm(form, 50).invoice_number).toBe('Ｔ７-００００-１２０５-０００２');
    expect(requestFromForm(emptyForm(), 50)).not.toHaveProperty('invoice_number');
  });
});
