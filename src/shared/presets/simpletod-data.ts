// Layer: shared (pure TS). SimpleTOD's list of turns whose Type-2 noisy
// annotation must not be credited (compute_joint_acc.py --type2_cleaning):
// IGNORE_TURNS_TYPE2 of salesforce/simpletod @ a6050a4d08dfb1515d472a3b1aea7ad6c1a8ab1b
// utils/dst.py (lines 30-70), dialogue id without ".json" → 0-based turn ids.
// Data from SimpleTOD, Copyright (c) 2020, Salesforce.com, Inc., BSD-3-Clause
// (its LICENSE.txt; see test/fixtures/presets/README.md).

export const IGNORE_TURNS_TYPE2: Readonly<Record<string, readonly number[]>> = {
  PMUL1812: [1, 2],
  MUL2177: [9, 10, 11, 12, 13, 14],
  PMUL0182: [1],
  PMUL0095: [1],
  MUL1883: [1],
  PMUL2869: [9, 11],
  SNG0433: [0, 1],
  PMUL4880: [2],
  PMUL2452: [2],
  PMUL2882: [2],
  SNG01391: [1],
  MUL0803: [7],
  MUL1560: [4, 5],
  PMUL4964: [6, 7],
  MUL1753: [8, 9],
  PMUL3921: [4],
  PMUL3403: [0, 4],
  SNG0933: [3],
  SNG0296: [1],
  SNG0477: [1],
  MUL0814: [1],
  SNG0078: [1],
  PMUL1036: [6],
  PMUL4840: [2],
  PMUL3423: [6],
  MUL2284: [2],
  PMUL1373: [1],
  SNG01538: [1],
  MUL0011: [2],
  PMUL4326: [4],
  MUL1697: [10],
  MUL0014: [5],
  PMUL1370: [1],
  PMUL1801: [7],
  MUL0466: [2],
  PMUL0506: [1, 2],
  SNG1036: [2],
}; // prettier-ignore
