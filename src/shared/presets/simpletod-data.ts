// Layer: shared (pure TS). SimpleTOD's list of turns whose Type-2 noisy
// annotation must not be credited (compute_joint_acc.py --type2_cleaning):
// IGNORE_TURNS_TYPE2 of salesforce/simpletod @ a6050a4d08dfb1515d472a3b1aea7ad6c1a8ab1b
// utils/dst.py (lines 30-70), dialogue id without ".json" → 0-based turn ids.
// Data from SimpleTOD, under its licence (LICENSE.txt at that commit):
//
// Copyright (c) 2020, Salesforce.com, Inc.
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without modification, are permitted provided that the
// following conditions are met:
//
// * Redistributions of source code must retain the above copyright notice, this list of conditions and the following
//   disclaimer.
//
// * Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the
//   following disclaimer in the documentation and/or other materials provided with the distribution.
//
// * Neither the name of Salesforce.com nor the names of its contributors may be used to endorse or promote products
//   derived from this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES,
// INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
// SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY,
// WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

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
