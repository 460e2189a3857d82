"""The benchmark peer of posenc's toy model: the same model, task and sizes in PyTorch.

One layer, sinusoidal positions added to token embeddings (interleaved sin/cos, base 10000),
nHeads heads over dModel, no MLP, no LayerNorm, output projection with bias; loss at the asked
rows only (keys are every earlier row); Adam with the global gradient norm clipped to 1.
Task copyBack: at row t >= k the answer is the token at t - k. Sizes come from the command line
(run.mjs passes posenc's preset values, read from the module). Prints one JSON line.

Usage: train_torch.py L batch queries steps dModel nHeads vocab symbols offset lr
"""
import json
import math
import sys
import time

import torch

L, BATCH, QUERIES, STEPS, D, H, VOCAB, SYMBOLS, OFFSET = (int(a) for a in sys.argv[1:10])
LR = float(sys.argv[10])
torch.manual_seed(1)


def sinusoidal(n, d, dtype):
    position = torch.arange(n, dtype=torch.float64)[:, None]
    scale = 10000.0 ** (torch.arange(0, d, 2, dtype=torch.float64) / d)
    table = torch.zeros(n, d, dtype=torch.float64)
    table[:, 0::2] = torch.sin(position / scale)
    table[:, 1::2] = torch.cos(position / scale)
    return table.to(dtype)


class Model(torch.nn.Module):
    def __init__(self, dtype):
        super().__init__()
        normal = lambda *shape, std: torch.nn.Parameter(torch.randn(*shape, dtype=dtype) * std)
        self.embedding = normal(VOCAB, D, std=1.0)
        self.wq, self.wk, self.wv, self.wo = (normal(D, D, std=1 / math.sqrt(D)) for _ in range(4))
        self.unembedding = normal(VOCAB, D, std=1 / math.sqrt(D))
        self.bias = torch.nn.Parameter(torch.zeros(VOCAB, dtype=dtype))
        self.register_buffer('pe', sinusoidal(L, D, dtype))

    def forward(self, tokens, rows):
        # tokens (B, L); rows (B, Q) ascending: queries at rows, keys at every row
        x = self.embedding[tokens] + self.pe
        b, n, _ = x.shape
        hd = D // H
        xq = torch.gather(x, 1, rows[:, :, None].expand(-1, -1, D))
        q = (xq @ self.wq.T).view(b, -1, H, hd).transpose(1, 2)
        k = (x @ self.wk.T).view(b, n, H, hd).transpose(1, 2)
        v = (x @ self.wv.T).view(b, n, H, hd).transpose(1, 2)
        scores = q @ k.transpose(-1, -2) / math.sqrt(hd)
        future = torch.arange(n)[None, None, :] > rows[:, :, None]
        scores = scores.masked_fill(future[:, None], float('-inf'))
        context = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, -1, D)
        mid = xq + context @ self.wo.T
        return mid @ self.unembedding.T + self.bias


def batch(generator):
    tokens = torch.randint(0, SYMBOLS, (BATCH, L), generator=generator)
    if QUERIES == 0:
        rows = torch.arange(OFFSET, L).expand(BATCH, -1)
    else:
        rows = torch.stack([torch.randperm(L - OFFSET, generator=generator)[:QUERIES].sort().values + OFFSET for _ in range(BATCH)])
    targets = torch.gather(tokens, 1, rows - OFFSET)
    return tokens, rows, targets


def run(dtype):
    model = Model(dtype)
    optimiser = torch.optim.Adam(model.parameters(), lr=LR, betas=(0.9, 0.999), eps=1e-8)
    generator = torch.Generator().manual_seed(2)
    losses = []
    start = time.perf_counter()
    for _ in range(STEPS):
        tokens, rows, targets = batch(generator)
        logits = model(tokens, rows)
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, VOCAB), targets.reshape(-1))
        optimiser.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
        losses.append(loss.item())
    elapsed = time.perf_counter() - start
    with torch.no_grad():
        tokens, rows, targets = batch(generator)
        accuracy = (model(tokens, rows).argmax(-1) == targets).double().mean().item()
    return {'stepsPerSecond': STEPS / elapsed, 'seconds': elapsed, 'finalLoss': sum(losses[-10:]) / 10, 'inDistributionAccuracy': accuracy}


print(json.dumps({'torch': torch.__version__, 'threads': torch.get_num_threads(),
                  'float64': run(torch.float64), 'float32': run(torch.float32)}))
